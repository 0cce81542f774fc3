import type { Locator } from 'playwright-core';
import { baseUrl } from './browser';
import { imageFile } from './images';

/** Creates a post over HTTP for a user's token (setup for journeys that are not about creating). */
export async function createPostViaHttp(
  token: string,
  caption: string,
  size: [number, number] = [800, 800],
  origin = baseUrl(),
) {
  const file = await imageFile(`setup-${Date.now()}.jpg`, size[0], size[1], 'jpeg');
  const { readFile } = await import('node:fs/promises');
  const form = new FormData();
  form.append('caption', caption);
  form.append(
    'image',
    new Blob([new Uint8Array(await readFile(file))], { type: 'image/jpeg' }),
    'setup.jpg',
  );
  const response = await fetch(`${origin}/api/posts`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 201)
    throw new Error(`post failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

export async function likeViaHttp(token: string, postId: string) {
  await fetch(`${baseUrl()}/api/posts/${postId}/like`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** From the picked photos through the studio's crop and edit steps, unchanged, to the caption. */
export async function nextToCaption(dialog: Locator) {
  for (let step = 0; step < 3; step++)
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
}

/** From the caption step back through edit and crop to the picked photos. */
export async function backToPhotos(dialog: Locator) {
  for (let step = 0; step < 3; step++)
    await dialog.getByRole('button', { name: 'Back', exact: true }).click();
}
