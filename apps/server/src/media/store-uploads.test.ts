import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import { LocalStorage } from '../storage/local';
import { bucketName } from '../storage/storage';
import { makeDamagedPng, makeJpeg } from '../test/harness';
import { createImageQueue } from './image-queue';
import { storeUploads } from './store-uploads';

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-uploads-'));
const storage = new LocalStorage(path.join(work, 'storage'));
const stores = { storage, imageQueue: createImageQueue({ concurrency: 1, maxWaiting: 10 }) };
const owner = '0190a7e2-0000-7000-8000-0000000000aa';

async function upload(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(work, name);
  await fs.writeFile(file, bytes);
  return file;
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(bucketName)) keys.push(object.key);
  return keys.sort();
}

afterEach(() => vi.restoreAllMocks());
afterAll(() => fs.rm(work, { recursive: true, force: true }));

describe('storeUploads', () => {
  it('reads each uploaded file from disk once, and stores each with its variants', async () => {
    const files = [
      await upload('a.jpg', await makeJpeg(900, 600)),
      await upload('b.jpg', await makeJpeg(600, 900)),
    ];
    const reads = vi.spyOn(fs, 'readFile');
    const stored = await storeUploads(stores, 'posts', owner, files);
    const readPaths = reads.mock.calls.map(([file]) => file as string);
    expect(readPaths.sort()).toEqual([...files].sort());
    expect(stored.map((item) => [item.type, item.width, item.height])).toEqual([
      ['image', 900, 600],
      ['image', 600, 900],
    ]);
    const keys = await storedKeys();
    for (const item of stored) {
      expect(item.key).toMatch(new RegExp(`^user-uploads/${owner}/posts/`));
      expect(keys).toContain(item.key);
      for (const variant of item.variants) expect(keys).toContain(variant.key);
      expect(item.blurhash).not.toBeNull();
    }
    await storage.discard(keys);
  });

  it('checks every file before decoding any: a bad last one stores nothing and is named', async () => {
    const files = [
      await upload('c.jpg', await makeJpeg(800, 600)),
      await upload('d.txt', Buffer.from('not a photo at all')),
    ];
    const error = await storeUploads(stores, 'messages', owner, files).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(Object.keys((error as AppError).fields ?? {})).toContain('image.1');
    expect(await storedKeys()).toEqual([]);
  });

  it('removes what it wrote when a file proves damaged only while decoded', async () => {
    const files = [
      await upload('e.jpg', await makeJpeg(800, 600)),
      await upload('f.png', await makeDamagedPng()),
    ];
    const error = await storeUploads(stores, 'stories', owner, files).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(await storedKeys()).toEqual([]);
  });

  it('makes a profile picture its centre square at each avatar size, without an original', async () => {
    const [avatar] = await storeUploads(stores, 'avatars', owner, [
      await upload('g.jpg', await makeJpeg(900, 600)),
    ]);
    expect(avatar!.variants.map((variant) => [variant.width, variant.height])).toEqual([
      [150, 150],
      [320, 320],
    ]);
    expect(avatar!.key).toBe(avatar!.variants.at(-1)!.key);
    expect(await storedKeys()).toEqual(avatar!.variants.map((variant) => variant.key).sort());
  });
});
