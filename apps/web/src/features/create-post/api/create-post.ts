import type { PhotoEdit, Post } from '@pinhole/contracts';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiUpload } from '@/lib/api-client';

export interface CreatePostInput {
  /** In the post's order, each with its alt text (blank for none). */
  photos: { file: File; altText: string }[];
  caption: string;
  /** The studio's edits, one per photo in order; left out when nothing was edited. */
  edits?: (PhotoEdit | null)[] | undefined;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export function createPost({
  photos,
  caption,
  edits,
  signal,
  onProgress,
}: CreatePostInput): Promise<Post> {
  const form = new FormData();
  // The text parts go first so the server knows them before the files stream in. A blank caption
  // is left out: the server stores a missing caption as null, as the spec asks.
  if (caption.trim() !== '') form.append('caption', caption);
  // Alt texts are matched to photos by order, so once any photo has one, every photo sends its
  // own (blank ones stored as null).
  if (photos.some(({ altText }) => altText.trim() !== ''))
    for (const { altText } of photos) form.append('alt_text', altText.trim());
  if (edits) form.append('edits', JSON.stringify(edits));
  for (const { file } of photos) form.append('image', file);
  return apiUpload('createPost', form, { signal, onProgress });
}

export function useCreatePost() {
  return useExclusiveMutation({ mutationFn: createPost });
}
