import type { ImportStatus } from '@pinhole/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const importKey = (id: string) => ['account', 'import', id] as const;

/** How often a running import is asked for its progress. */
export const importPollMs = 1000;

const finished = (status: ImportStatus | undefined) =>
  status?.status === 'done' || status?.status === 'failed';

/** Sends the archive, reporting the upload's progress; answers the new import's id. */
export function useStartImport(onProgress: (fraction: number) => void) {
  return useMutation({
    mutationFn: ({ file, signal }: { file: File; signal: AbortSignal }) => {
      const form = new FormData();
      form.append('archive', file);
      return apiUpload('startImport', form, { signal, onProgress });
    },
  });
}

/**
 * An import's progress, read every second until it has finished; then the reader's posts and
 * profile (its count) are read again so the grid shows what came in.
 */
export function useImportStatus(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKey(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const status = await apiRequest('importStatus', { params: { id: id ?? '' } });
      if (finished(status) && status.posts_imported > 0) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
        void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      }
      return status;
    },
    refetchInterval: (query) => (finished(query.state.data) ? false : importPollMs),
  });
}
