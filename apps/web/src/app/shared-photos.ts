import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { sharedPhotosParam, takeSharedPhotos } from '@/lib/offline/shared-photos';

/**
 * Photos shared to the installed app from the phone's gallery: the service worker keeps them and
 * opens `/?shared=photos`; this takes them (once) and tidies the address.
 */
export function useSharedPhotos(): { files: File[] | null; taken: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[] | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(sharedPhotosParam)) return;
    params.delete(sharedPhotosParam);
    void navigate({ search: params.toString() }, { replace: true });
    takeSharedPhotos().then(
      (photos) => {
        if (photos.length > 0) setFiles(photos);
      },
      (error: unknown) => console.error('Error reading shared photos', error),
    );
  }, [location.search, navigate]);
  const taken = useCallback(() => setFiles(null), []);
  return { files, taken };
}
