import { imageFileAccept, videoFileAccept } from '@pinhole/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Under the sign-up form's key: both read `GET /api/instance`, one request serves them. */
const instanceOptions = {
  queryKey: ['instance'],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest('instance', { signal }),
  staleTime: 5 * 60_000,
} as const;

/**
 * Whether this server takes videos (`GET /api/instance` says `video: true` when it has ffmpeg),
 * for the pickers of posts and stories, asked once one may be used (not at boot). `accept` is
 * what their file input offers: videos too unless the server said no (until its answer, a video
 * picked is settled by `whenKnown`, and one refused says why).
 */
export function useVideoUploads(enabled = true) {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...instanceOptions, enabled });
  return {
    /** The server said yes: a picker may say videos are welcome. */
    known: data?.video === true,
    accept: data?.video === false ? imageFileAccept : `${imageFileAccept},${videoFileAccept}`,
    whenKnown: (): Promise<boolean> =>
      queryClient
        .fetchQuery({ ...instanceOptions, retry: false })
        .then((instance) => instance.video)
        // No answer: photos only, as before video (the server has the last word anyway).
        .catch(() => false),
  };
}
