import { type PhotoEdit, type Story, type StoryTrays } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiUpload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withNewStory } from '@/features/stories/story-trays';

export interface CreateStoryInput {
  file: File;
  /** The studio's edit, sent as the one entry of `edits`; null or absent sends no field. */
  edit?: PhotoEdit | null;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export function createStory({ file, edit, signal, onProgress }: CreateStoryInput): Promise<Story> {
  const form = new FormData();
  if (edit) form.append('edits', JSON.stringify([edit]));
  form.append('image', file);
  return apiUpload('createStory', form, { signal, onProgress });
}

/** Shares a photo to the reader's story: their tile shows it at once, then the server settles it. */
export function useCreateStory(readerId: string | null) {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: createStory,
    onSuccess: (story) => {
      const queryKey = queryKeys.storyTrays(readerId);
      queryClient.setQueryData<StoryTrays>(queryKey, (data) =>
        withNewStory(data ?? { trays: [] }, story),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
