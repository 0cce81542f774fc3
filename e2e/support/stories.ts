import type { Locator } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { baseUrl } from './browser';
import { imageFile } from './images';

/** Shares a story over HTTP for a user's token (setup for journeys that are not about sharing). */
export async function createStoryViaHttp(token: string, size: [number, number] = [1080, 1920]) {
  const file = await imageFile(`story-${Date.now()}.jpg`, size[0], size[1], 'jpeg');
  const form = new FormData();
  form.append(
    'image',
    new Blob([new Uint8Array(await readFile(file))], { type: 'image/jpeg' }),
    'story.jpg',
  );
  const response = await fetch(`${baseUrl()}/api/stories`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 201)
    throw new Error(`story failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** Through the story studio's crop and edit steps, unchanged, to the preview. */
export async function nextToStoryPreview(dialog: Locator) {
  for (let step = 0; step < 2; step++)
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
}
