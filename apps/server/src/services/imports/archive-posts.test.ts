import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, instagramEscaped } from '../../test/archives';
import { readArchivePosts, repairMojibake } from './archive-posts';
import { ZipArchive, unsafeNameReason } from './zip-archive';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-archive-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

let count = 0;
async function open(items: Parameters<typeof buildZip>[0]): Promise<ZipArchive> {
  const file = path.join(folder, `${(count += 1)}.zip`);
  fs.writeFileSync(file, await buildZip(items));
  return ZipArchive.open(file);
}

describe('repairMojibake', () => {
  it('decodes UTF-8 bytes written as one character each', () => {
    expect(repairMojibake(instagramEscaped('Café at dawn 😀 — ok'))).toBe('Café at dawn 😀 — ok');
    expect(repairMojibake(instagramEscaped('Привет, 東京'))).toBe('Привет, 東京');
  });

  it('keeps text that is already right', () => {
    expect(repairMojibake('plain words')).toBe('plain words');
    // Latin-1 "café" is not valid UTF-8 as bytes: it stays.
    expect(repairMojibake('café')).toBe('café');
    // Anything above U+00FF means it was decoded already.
    expect(repairMojibake('café 😀')).toBe('café 😀');
  });
});

describe('unsafeNameReason', () => {
  it('refuses names that leave the archive or are absolute', () => {
    expect(unsafeNameReason('../etc/passwd')).toMatch(/out of the archive/);
    expect(unsafeNameReason('media/../../x.jpg')).toMatch(/out of the archive/);
    expect(unsafeNameReason('..\\x.jpg')).toMatch(/out of the archive/);
    expect(unsafeNameReason('/etc/passwd')).toMatch(/absolute/);
    expect(unsafeNameReason('C:/x.jpg')).toMatch(/absolute/);
    expect(unsafeNameReason('media/posts/1.jpg')).toBeNull();
    expect(unsafeNameReason('media/..hidden/1.jpg')).toBeNull();
  });
});

describe('readArchivePosts', () => {
  it('finds Instagram posts under a top folder, captions from the post or its only photo', async () => {
    const archive = await open([
      {
        name: 'instagram-ada-2026/content/posts_1.json',
        data: JSON.stringify([
          { media: [{ uri: 'media/posts/a.jpg', creation_timestamp: 1600000000, title: 'solo' }] },
          {
            title: 'carousel',
            creation_timestamp: 1500000000,
            media: [{ uri: 'media/posts/b.jpg' }, { uri: 'media/posts/c.mp4' }],
          },
          { media: 'not a list' },
        ]),
      },
      { name: 'instagram-ada-2026/media/posts/a.jpg', data: 'x' },
    ]);
    const contents = await readArchivePosts(archive);
    archive.close();
    expect(contents.format).toBe('instagram');
    // Oldest first.
    expect(contents.posts.map((post) => post.caption)).toEqual(['carousel', 'solo']);
    expect(contents.posts[0]?.createdAt).toBe(new Date(1500000000 * 1000).toISOString());
    // A video keeps its place in the carousel, named as one by its extension.
    expect(contents.posts[0]?.photos).toEqual([
      { entry: 'instagram-ada-2026/media/posts/b.jpg', altText: null, video: false },
      { entry: 'instagram-ada-2026/media/posts/c.mp4', altText: null, video: true },
    ]);
    expect(contents.posts[0]?.failures).toEqual([]);
    expect(contents.failures).toEqual([
      {
        item: 'Post 3 in instagram-ada-2026/content/posts_1.json',
        reason: 'Not in the expected format (at media)',
      },
    ]);
  });

  it('gives the same post the same key in two downloads', async () => {
    const posts = JSON.stringify([{ media: [{ uri: 'media/1.jpg', creation_timestamp: 1 }] }]);
    const first = await open([{ name: 'content/posts_1.json', data: posts }]);
    const second = await open([{ name: 'content/posts_1.json', data: posts }]);
    const [a, b] = [await readArchivePosts(first), await readArchivePosts(second)];
    first.close();
    second.close();
    expect(a.posts[0]?.sourceKey).toMatch(/^instagram:[0-9a-f]{64}$/);
    expect(a.posts[0]?.sourceKey).toBe(b.posts[0]?.sourceKey);
  });

  it('refuses an archive it does not know, and a posts file that is not JSON', async () => {
    const unknown = await open([{ name: 'notes.txt', data: 'hello' }]);
    await expect(readArchivePosts(unknown)).rejects.toMatchObject({
      failures: [{ item: 'Archive', reason: expect.stringMatching(/Neither an Instagram/) }],
    });
    unknown.close();
    const broken = await open([{ name: 'content/posts_1.json', data: '{ nope' }]);
    await expect(readArchivePosts(broken)).rejects.toMatchObject({
      failures: [{ item: 'content/posts_1.json', reason: 'Not valid JSON' }],
    });
    broken.close();
  });

  it('lists entries that leave the archive without reading them', async () => {
    const archive = await open([
      { name: 'PARENT/evil.txt', data: 'owned' },
      { name: 'ok.txt', data: 'fine' },
    ]);
    expect([...archive.entries.keys()]).toEqual(['ok.txt']);
    expect(archive.refused).toEqual([
      { name: '../evil.txt', reason: 'Its path leads out of the archive; it was not read' },
    ]);
    archive.close();
  });

  it('stops reading an entry at its cap, however small it is compressed', async () => {
    const archive = await open([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }]);
    const entry = archive.entries.get('zeros.bin');
    expect(entry).toBeDefined();
    await expect(archive.read(entry!, 5 * 1024 * 1024)).rejects.toThrow();
    archive.close();
  });
});
