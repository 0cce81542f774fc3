import { expect, vi } from 'vitest';
import type { TestServer, TestUser } from './harness';

/** Shares a post of several photos, each with an optional alt text part, as the client does. */
export function uploadPhotos(
  server: Pick<TestServer, 'request'>,
  user: TestUser | null,
  photos: readonly Buffer[],
  options: { altTexts?: readonly string[]; caption?: string } = {},
) {
  const form = new FormData();
  if (options.caption !== undefined) form.append('caption', options.caption);
  for (const [index, photo] of photos.entries()) {
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${index}.jpg`);
  }
  for (const altText of options.altTexts ?? []) form.append('alt_text', altText);
  return server.request('/api/posts', { method: 'POST', body: form, token: user?.token });
}

/** Every key in the store, sorted: compared before and after to prove nothing was left. */
export async function storedKeys(server: Pick<TestServer, 'context'>): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of server.context.storage.list('user-uploads')) keys.push(object.key);
  return keys.sort();
}

/**
 * How long a test waits for a removed photo's files to leave the store. On S3 they are deleted
 * after the answer (`discard` does not wait on a store that may hang), so a test looking at once
 * can see them a moment longer; on disk they are gone before the answer.
 */
const discardWait = { timeout: 5_000, interval: 50 } as const;

/** The stored keys once none of `gone` is left (see `discardWait`). */
export async function storedKeysWithout(
  server: Pick<TestServer, 'context'>,
  gone: readonly string[],
): Promise<string[]> {
  return vi.waitFor(async () => {
    const keys = await storedKeys(server);
    expect(keys.filter((key) => gone.includes(key))).toEqual([]);
    return keys;
  }, discardWait);
}

/** Waits until the store holds exactly `keys` again: a refused upload's files are gone. */
export async function expectStoredKeysBackTo(
  server: Pick<TestServer, 'context'>,
  keys: readonly string[],
): Promise<void> {
  await vi.waitFor(async () => expect(await storedKeys(server)).toEqual(keys), discardWait);
}

/**
 * What the orphan sweep would remove, as if its grace period had passed: 0 when every stored
 * file belongs to a row.
 */
export async function orphansFound(server: Pick<TestServer, 'context'>): Promise<number> {
  const { removed } = await server.context.services.sweep.run(Date.now() + 60 * 60 * 1000);
  return removed;
}

/** The storage key behind a post URL (`/storage/<key>?…` or a public bucket URL). */
export function keyOfUrl(url: string): string {
  const start = url.indexOf('user-uploads/');
  const end = url.indexOf('?');
  return url.slice(start, end === -1 ? undefined : end);
}
