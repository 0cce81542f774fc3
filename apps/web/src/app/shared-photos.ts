import { shareTarget } from '@pinhole/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { withNotice } from '@/lib/notice';

/** Said when a share reached the server before any service worker could keep the photos. */
export const shareUnavailableNotice = 'Open Pinhole once, then share again';

/**
 * Photos shared to the installed app from the phone's gallery: the service worker keeps them and
 * opens `/?shared=photos`; this takes them (once) and tidies the address. A share that found no
 * worker (the first visit) came through the server, which kept nothing: the reader is told why.
 */
export function useSharedPhotos(): { files: File[] | null; taken: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[] | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const shared = params.get(shareTarget.param);
    if (shared === null) return;
    params.delete(shareTarget.param);
    if (shared === shareTarget.unavailable) {
      void navigate(
        { search: params.toString() },
        { replace: true, state: withNotice(shareUnavailableNotice) },
      );
      return;
    }
    void navigate({ search: params.toString() }, { replace: true });
    // Shares are rare: what reads them from the worker's cache loads when one arrives.
    import('@/lib/offline/shared-photos')
      .then(({ takeSharedPhotos }) => takeSharedPhotos())
      .then(
        (photos) => {
          if (photos.length > 0) setFiles(photos);
        },
        (error: unknown) => console.error('Error reading shared photos', error),
      );
  }, [location.search, navigate]);
  const taken = useCallback(() => setFiles(null), []);
  return { files, taken };
}
