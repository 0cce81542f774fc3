import { postSchema, type Post } from '@pinhole/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';

export interface CreatePostInput {
  file: File;
  caption: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export function createPost({ file, caption, signal, onProgress }: CreatePostInput): Promise<Post> {
  const form = new FormData();
  // The caption goes first so the server knows it before the file streams in. A blank caption is
  // left out: the server stores a missing caption as null, as the spec asks.
  if (caption.trim() !== '') form.append('caption', caption);
  form.append('image', file);
  return apiUpload('/api/posts', import.meta.env.DEV ? postSchema : undefined, form, {
    signal,
    onProgress,
  });
}

export function useCreatePost() {
  return useMutation({ mutationFn: createPost });
}
