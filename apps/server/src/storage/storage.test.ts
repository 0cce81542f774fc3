import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';
import { StorageKeyExistsError, postImageKey, variantKey } from './storage';

interface DriverUnderTest {
  storage: Storage;
  close(): Promise<void>;
}

/** Each driver against the real thing: a temp folder, and an S3 API served by s3rver. */
const drivers: { name: string; start(): Promise<DriverUnderTest> }[] = [
  {
    name: 'local',
    async start() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-storage-'));
      const storage = new LocalStorage(root);
      await storage.init();
      return {
        storage,
        close: async () => fs.rmSync(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async start() {
      const server = await startS3Server();
      // Two keys a page, so listing walks several ListObjectsV2 pages.
      const storage = new S3Storage({ ...server.storageOptions, listPageSize: 2 });
      return {
        storage,
        close: async () => {
          storage.close();
          await server.close();
        },
      };
    },
  },
];

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A key of the exact shape the app writes, under a user of its own so tests never collide. */
function freshKey(extension = 'jpg', userId = randomUUID()): string {
  return postImageKey(userId, Date.now(), extension);
}

describe.each(drivers)('storage driver contract: $name', (driver) => {
  let storage: Storage;
  let under: DriverUnderTest;

  beforeAll(async () => {
    under = await driver.start();
    storage = under.storage;
  });
  afterAll(async () => {
    await under.close();
  });

  it('put then head: size, content type and a quoted ETag that does not change', async () => {
    const key = freshKey('webp');
    const data = randomBytes(3000);
    await storage.put(key, data, 'image/webp');
    const info = await storage.head(key);
    expect(info).toEqual({ size: 3000, contentType: 'image/webp', etag: expect.any(String) });
    expect(info?.etag).toMatch(/^"[^"]+"$/);
    expect((await storage.head(key))?.etag).toBe(info?.etag);
  });

  it('head of a missing key is null', async () => {
    expect(await storage.head(freshKey())).toBeNull();
  });

  it('reads back exactly the bytes written', async () => {
    const key = freshKey();
    const data = randomBytes(200_000);
    await storage.put(key, data, 'image/jpeg');
    expect((await readAll(await storage.read(key))).equals(data)).toBe(true);
  });

  it('reads an inclusive byte range: the start, the middle and the last byte', async () => {
    const key = freshKey('png');
    const data = randomBytes(10_000);
    await storage.put(key, data, 'image/png');
    const first = await readAll(await storage.read(key, { start: 0, end: 99 }));
    expect(first.equals(data.subarray(0, 100))).toBe(true);
    const middle = await readAll(await storage.read(key, { start: 4096, end: 8191 }));
    expect(middle.equals(data.subarray(4096, 8192))).toBe(true);
    const last = await readAll(await storage.read(key, { start: 9999, end: 9999 }));
    expect(last.equals(data.subarray(9999))).toBe(true);
  });

  it('reading a missing key rejects', async () => {
    await expect(storage.read(freshKey())).rejects.toThrow();
  });

  it('never overwrites: a second put on a key throws StorageKeyExistsError and keeps the first', async () => {
    const key = freshKey();
    const original = randomBytes(500);
    await storage.put(key, original, 'image/jpeg');
    await expect(storage.put(key, randomBytes(700), 'image/jpeg')).rejects.toBeInstanceOf(
      StorageKeyExistsError,
    );
    expect(await storage.head(key)).toMatchObject({ size: 500 });
    expect((await readAll(await storage.read(key))).equals(original)).toBe(true);
  });

  it('delete removes the object and is idempotent', async () => {
    const key = freshKey();
    await storage.put(key, randomBytes(10), 'image/jpeg');
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    // The key is free again once deleted.
    await storage.put(key, randomBytes(20), 'image/jpeg');
    expect(await storage.head(key)).toMatchObject({ size: 20 });
  });

  it('lists every key under a folder (across pages), with its write time, and nothing beside it', async () => {
    const userId = randomUUID();
    const original = postImageKey(userId, 1_700_000_000_000, 'jpg');
    const keys = [
      original,
      variantKey(original, 320, 'webp'),
      variantKey(original, 640, 'webp'),
      postImageKey(userId, 1_700_000_000_001, 'png'),
      postImageKey(userId, 1_700_000_000_002, 'gif'),
    ];
    const before = Date.now() - 2_000;
    for (const key of keys) await storage.put(key, randomBytes(16), 'image/jpeg');
    // A neighbour whose name starts with the same characters is another folder.
    const neighbour = `user-uploads/${userId}x/posts/1.jpg`;
    await storage.put(neighbour, randomBytes(16), 'image/jpeg');

    const listed: { key: string; lastModified: Date }[] = [];
    for await (const object of storage.list(`user-uploads/${userId}`)) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual([...keys].sort());
    for (const object of listed) {
      expect(object.lastModified).toBeInstanceOf(Date);
      expect(object.lastModified.getTime()).toBeGreaterThan(before);
      expect(object.lastModified.getTime()).toBeLessThan(Date.now() + 2_000);
    }
    // The sweeper's call: the whole bucket folder, which holds at least these.
    const all: string[] = [];
    for await (const object of storage.list('user-uploads')) all.push(object.key);
    expect(all).toEqual(expect.arrayContaining([...keys, neighbour]));

    const empty: string[] = [];
    for await (const object of storage.list(`user-uploads/${randomUUID()}`)) {
      empty.push(object.key);
    }
    expect(empty).toEqual([]);
  });

  it('publicUrl is our /storage/ route by default', () => {
    const key = freshKey();
    expect(storage.publicUrl(key)).toBe(`/storage/${key}`);
  });

  it('ping resolves when the store answers', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });
});

describe('S3 driver specifics', () => {
  let server: TestS3Server;
  let storage: S3Storage;
  let raw: S3Client;

  beforeAll(async () => {
    server = await startS3Server();
    storage = new S3Storage(server.storageOptions);
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    storage.close();
    raw.destroy();
    await server.close();
  });

  it('stores the object at the same key as on disk, with its type and an immutable Cache-Control', async () => {
    const key = freshKey('avif');
    await storage.put(key, randomBytes(64), 'image/avif');
    const object = await raw.send(new HeadObjectCommand({ Bucket: server.bucket, Key: key }));
    expect(object.ContentType).toBe('image/avif');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
    expect(object.ContentLength).toBe(64);
    // S3's ETag of a single-part upload is the MD5 of the bytes: the strong validator we serve.
    expect((await storage.head(key))?.etag).toBe(object.ETag);
  });

  it('publicUrl points at S3_PUBLIC_URL (a CDN or the bucket) when set', () => {
    const key = freshKey();
    const cdn = new S3Storage({
      ...server.storageOptions,
      publicUrl: 'https://cdn.example.com/pinhole/',
    });
    expect(cdn.publicUrl(key)).toBe(`https://cdn.example.com/pinhole/${key}`);
    cdn.close();
  });

  it('ping rejects when the bucket does not exist', async () => {
    const missing = new S3Storage({ ...server.storageOptions, bucket: 'no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
    missing.close();
  });

  it('ping rejects when the store does not answer', async () => {
    const nowhere = new S3Storage({ ...server.storageOptions, endpoint: 'http://127.0.0.1:9' });
    await expect(nowhere.ping()).rejects.toThrow();
    nowhere.close();
  });
});
