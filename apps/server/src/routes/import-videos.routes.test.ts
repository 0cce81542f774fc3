import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Post } from '@pinhole/contracts';
import { messages, videoMessages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { instagramArchive } from '../test/archives';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { orphansFound } from '../test/photo-posts';
import type { VideoFixtures } from '../test/video-fixtures';
import { makeVideoFixtures } from '../test/video-fixtures';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** A transcode of a one-second clip takes well under this, even on a busy two-core machine. */
const readyWait = { timeout: 60_000, interval: 200 } as const;

const day = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

async function importArchive(server: Server, user: TestUser, archive: Buffer) {
  const form = new FormData();
  form.append('archive', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'a.zip');
  const started = await server.request('/api/me/import', {
    method: 'POST',
    body: form,
    token: user.token,
  });
  expect(started.status).toBe(202);
  return vi.waitFor(
    async () => {
      const response = await server.request(`/api/me/import/${started.body.id}`, {
        token: user.token,
      });
      expect(['done', 'failed']).toContain(response.body.status);
      return response.body;
    },
    { timeout: 60_000, interval: 100 },
  );
}

/** The person's posts, newest first, as their profile grid reads them (their own: all of them). */
async function postsOf(server: Server, user: TestUser): Promise<Post[]> {
  const response = await server.request(`/api/profiles/${user.id}/posts`, { token: user.token });
  expect(response.status).toBe(200);
  return response.body.posts as Post[];
}

describe.each(dialects)('importing videos on %s', (dialect) => {
  let server: Server;
  let folder: string;
  let fixtures: VideoFixtures;

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-import-videos-'));
    fixtures = await makeVideoFixtures(folder);
    server = await startTestServer(dialect, {
      VIDEO_MAX_SECONDS: '2',
      VIDEO_MAX_MB: '1',
      VIDEO_WORKERS: '1',
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('brings videos in through the upload’s path: carousel order kept, same limits, shown once transcoded', async () => {
    const ada = await signUpUser(server);
    const reader = await signUpUser(server);
    const [a, b] = await Promise.all([makeJpeg(300, 200), makeJpeg(400, 200)]);
    const archive = await instagramArchive(
      [
        {
          title: `photo, film, photo with @${reader.username}`,
          creation_timestamp: day('2021-06-01T12:00:00Z'),
          media: [
            { uri: 'media/posts/202106/a.jpg' },
            { uri: 'media/posts/202106/walk.mp4' },
            { uri: 'media/posts/202106/b.jpg' },
          ],
        },
        {
          title: 'a WebM, and one too long',
          creation_timestamp: day('2022-01-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202201/clip.webm' }, { uri: 'media/posts/202201/long.mp4' }],
        },
        {
          title: 'too big',
          creation_timestamp: day('2022-02-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202202/big.mp4' }],
        },
        {
          title: 'a film under a photo’s name',
          creation_timestamp: day('2022-03-01T00:00:00Z'),
          media: [{ uri: 'media/posts/202203/film.jpg' }],
        },
      ],
      {
        'media/posts/202106/a.jpg': a,
        'media/posts/202106/walk.mp4': await fs.readFile(fixtures.gpsMp4),
        'media/posts/202106/b.jpg': b,
        'media/posts/202201/clip.webm': await fs.readFile(fixtures.webm),
        'media/posts/202201/long.mp4': await fs.readFile(fixtures.longMp4),
        'media/posts/202202/big.mp4': await fs.readFile(fixtures.bigMp4),
        'media/posts/202203/film.jpg': await fs.readFile(fixtures.plainMp4),
      },
    );

    const result = await importArchive(server, ada, archive);
    expect(result).toMatchObject({ status: 'done', posts_total: 4, posts_imported: 3 });
    // The upload's limits, named as the upload form names them.
    expect(result.failures).toEqual([
      { item: 'media/posts/202201/long.mp4', reason: videoMessages.tooLong(2) },
      { item: 'media/posts/202202/big.mp4', reason: videoMessages.tooLarge(1) },
      {
        item: expect.stringMatching(/^Post of 2022-02-01/),
        reason: expect.stringMatching(/none of its photos/),
      },
    ]);

    // Each post is in the grid once its videos are transcoded (the upload's rule).
    const ready = await vi.waitFor(async () => {
      const posts = await postsOf(server, ada);
      expect(posts).toHaveLength(3);
      expect(posts.flatMap((post) => post.media.map((item) => item.status))).not.toContain(
        'processing',
      );
      return posts;
    }, readyWait);
    expect(ready.map((post) => post.caption)).toEqual([
      'a film under a photo’s name',
      'a WebM, and one too long',
      `photo, film, photo with @${reader.username}`,
    ]);
    expect(ready.map((post) => post.media.map((item) => item.type))).toEqual([
      ['video'],
      ['video'],
      ['image', 'video', 'image'],
    ]);
    for (const post of ready) {
      for (const item of post.media.filter((medium) => medium.type === 'video')) {
        expect(item.status).toBe('ready');
        expect(item.url).toMatch(/\.mp4$/);
        const served = await fetch(new URL(item.url, server.url));
        expect(served.status).toBe(200);
        expect(
          Buffer.from(await served.arrayBuffer())
            .subarray(4, 8)
            .toString('latin1'),
        ).toBe('ftyp');
      }
    }
    // Turned upright as an upload is (stored 320×240 with a quarter turn), its date kept.
    expect(ready[2]!.media[1]).toMatchObject({ width: 240, height: 320 });
    expect(ready[2]!.created_at).toBe('2021-06-01T12:00:00.000Z');
    const seen = await server.request(`/api/posts/${ready[2]!.id}`, { token: reader.token });
    expect(seen.status).toBe(200);
    // Its old caption's mention tells no one, as an imported photo post's does not; a video
    // shared now does.
    const mentions = async () =>
      (
        (await server.request('/api/notifications', { token: reader.token })).body
          .notifications as { type: string }[]
      ).filter((notification) => notification.type === 'mention').length;
    const form = new FormData();
    form.append('caption', `now, @${reader.username}`);
    form.append(
      'image',
      new Blob([new Uint8Array(await fs.readFile(fixtures.plainMp4))], { type: 'video/mp4' }),
      'now.mp4',
    );
    const shared = await server.request('/api/posts', {
      method: 'POST',
      body: form,
      token: ada.token,
    });
    expect(shared.status).toBe(201);
    await vi.waitFor(async () => {
      const post = await server.request(`/api/posts/${shared.body.id}`, { token: reader.token });
      expect(post.status).toBe(200);
    }, readyWait);
    await vi.waitFor(async () => expect(await mentions()).toBeGreaterThan(0), readyWait);
    expect(await mentions()).toBe(1);
    // Nothing left over: each upload as it came is gone, the refused ones never stored.
    expect(await orphansFound(server)).toBe(0);

    // The same archive again adds nothing.
    const again = await importArchive(server, ada, archive);
    expect(again).toMatchObject({ status: 'done', posts_imported: 0, posts_skipped: 3 });
  });
});

describe('importing videos on a server without ffmpeg', () => {
  let server: Server;
  let folder: string;
  let fixtures: VideoFixtures;

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-import-no-ffmpeg-'));
    fixtures = await makeVideoFixtures(folder);
    // ffmpeg and ffprobe at paths where nothing is: as on a machine without the package.
    server = await startTestServer('sqlite', {
      FFMPEG_PATH: path.join(folder, 'missing-ffmpeg'),
      FFPROBE_PATH: path.join(folder, 'missing-ffprobe'),
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('lists its videos as not imported for want of ffmpeg, and brings the photos beside them', async () => {
    const ada = await signUpUser(server);
    const archive = await instagramArchive(
      [
        {
          title: 'photo, film, photo',
          creation_timestamp: day('2021-06-01T12:00:00Z'),
          media: [
            { uri: 'media/posts/a.jpg' },
            { uri: 'media/posts/walk.mp4' },
            { uri: 'media/posts/b.jpg' },
          ],
        },
        {
          title: 'only a film',
          creation_timestamp: day('2022-01-01T00:00:00Z'),
          media: [{ uri: 'media/posts/clip.webm' }],
        },
        {
          title: 'a film under a photo’s name',
          creation_timestamp: day('2022-02-01T00:00:00Z'),
          media: [{ uri: 'media/posts/film.jpg' }],
        },
      ],
      {
        'media/posts/a.jpg': await makeJpeg(300, 200),
        'media/posts/walk.mp4': await fs.readFile(fixtures.plainMp4),
        'media/posts/b.jpg': await makeJpeg(400, 200),
        'media/posts/clip.webm': await fs.readFile(fixtures.webm),
        'media/posts/film.jpg': await fs.readFile(fixtures.plainMp4),
      },
    );
    const result = await importArchive(server, ada, archive);
    expect(result).toMatchObject({ status: 'done', posts_total: 3, posts_imported: 1 });
    expect(messages.videoNotImported).toMatch(/no ffmpeg/);
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { item: 'media/posts/walk.mp4', reason: messages.videoNotImported },
        { item: 'media/posts/clip.webm', reason: messages.videoNotImported },
        {
          item: expect.stringMatching(/^Post of 2022-01-01/),
          reason: 'Not imported: videos are not imported',
        },
        { item: 'media/posts/film.jpg', reason: messages.videoNotImported },
        {
          item: expect.stringMatching(/^Post of 2022-02-01/),
          reason: 'Not imported: videos are not imported',
        },
      ]),
    );
    expect(result.failures).toHaveLength(5);
    const [post] = await postsOf(server, ada);
    expect(post!.media.map((item) => [item.type, item.width])).toEqual([
      ['image', 300],
      ['image', 400],
    ]);
  });
});
