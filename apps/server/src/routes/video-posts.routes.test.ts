import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaAttachment, Post } from '@pinhole/contracts';
import { videoMessages } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimNextVideoJob } from '../repositories/video-jobs.repository';
import type { TestUser } from '../test/harness';
import {
  TestClock,
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { orphansFound, storedKeys } from '../test/photo-posts';
import type { VideoFixtures } from '../test/video-fixtures';
import {
  hostilePlaylists,
  makeVideoFixtures,
  probeAll,
  startConnectionRecorder,
} from '../test/video-fixtures';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Small limits, so the refusals need only small files: 2 s and 1 MB. */
const env = { VIDEO_MAX_SECONDS: '2', VIDEO_MAX_MB: '1', VIDEO_WORKERS: '1' };

/** A transcode of a one-second clip takes well under this, even on a busy two-core machine. */
const readyWait = { timeout: 60_000, interval: 200 } as const;

interface Part {
  bytes: Buffer;
  name: string;
  type: string;
}

const videoPart = async (file: string, type = 'video/mp4'): Promise<Part> => ({
  bytes: await fs.readFile(file),
  name: path.basename(file),
  type,
});

function share(server: Server, user: TestUser, parts: Part[], caption?: string) {
  const form = new FormData();
  if (caption !== undefined) form.append('caption', caption);
  for (const part of parts) {
    form.append('image', new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
  }
  return server.request('/api/posts', { method: 'POST', body: form, token: user.token });
}

describe.each(dialects)('video posts on %s', (dialect) => {
  let server: Server;
  let author: TestUser;
  let reader: TestUser;
  let folder: string;
  let fixtures: VideoFixtures;
  let photo: Buffer;

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-posts-'));
    fixtures = await makeVideoFixtures(folder);
    photo = await makeJpeg(64, 48);
    server = await startTestServer(dialect, env);
    author = await signUpUser(server);
    reader = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await fs.rm(folder, { recursive: true, force: true });
  });

  const readPost = (id: string, user: TestUser | null) =>
    server.request(`/api/posts/${id}`, { token: user?.token });
  const feedIds = async () => {
    const feed = await server.request('/api/posts?limit=50');
    return (feed.body.posts as Post[]).map((post) => post.id);
  };
  const whenReady = (id: string) =>
    vi.waitFor(async () => {
      const post = (await readPost(id, author)).body as Post;
      expect(post.media.map((item) => item.status)).not.toContain('processing');
      return post;
    }, readyWait);

  it('says video: true when ffmpeg is found', async () => {
    expect((await server.request('/api/instance')).body.video).toBe(true);
  });

  it('keeps a video its author’s until transcoded, then shows it to everyone, every tag gone', async () => {
    const created = await share(server, author, [await videoPart(fixtures.gpsMp4)], 'A walk');
    expect(created.status).toBe(201);
    const video = (created.body as Post).media[0]!;
    expect(video).toMatchObject({ type: 'video', status: 'processing', url: '', poster: null });
    // Stored 320×240, turned 90° by its display matrix: shown 240×320.
    expect({ width: video.width, height: video.height }).toEqual({ width: 240, height: 320 });
    const id = (created.body as Post).id;

    const post = await whenReady(id);
    const ready = post.media[0]!;
    expect(ready.status).toBe('ready');
    expect(ready.url).toMatch(/\/posts\/\d+-[0-9a-f]{32}\.mp4$/);
    expect(ready.duration_s).toBeGreaterThan(0.9);
    expect(ready.poster).toMatchObject({ width: 240, height: 320 });
    expect(ready.poster!.variants.length).toBeGreaterThan(0);
    expect(ready.placeholder).not.toBeNull();
    expect(ready.blurhash).not.toBeNull();
    // Older clients see the poster where a photo would be.
    expect(post.images[0]!.url).toBe(ready.poster!.url);

    // Every file is its row's: the upload as it came is gone, nothing is left for the sweeper.
    expect(await orphansFound(server)).toBe(0);
    // Others see it now, in the feed too.
    expect((await readPost(id, reader)).status).toBe(200);
    expect(await feedIds()).toContain(id);

    // The file served is upright H.264/AAC without a tag: no place, no device, no date.
    const local = path.join(folder, 'served.mp4');
    const served = await fetch(new URL(ready.url, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    await fs.writeFile(local, Buffer.from(await served.arrayBuffer()));
    const probe = await probeAll(local);
    const tags = [
      ...Object.keys(probe.format.tags ?? {}),
      ...probe.streams.flatMap((stream) => Object.keys(stream.tags ?? {})),
    ].map((tag) => tag.toLowerCase());
    expect(tags).not.toContain('location');
    expect(tags).not.toContain('creation_time');
    expect(tags.some((tag) => tag.startsWith('com.apple.quicktime'))).toBe(false);
    const picture = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect(picture).toMatchObject({ codec_name: 'h264', width: 240, height: 320 });
    // Seeking: a range of the video answers 206.
    const range = await fetch(new URL(ready.url, server.url), { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it('keeps a mixed carousel’s order: photo, WebM video, photo', async () => {
    const jpeg = { bytes: photo, name: 'a.jpg', type: 'image/jpeg' };
    const created = await share(server, author, [
      jpeg,
      await videoPart(fixtures.webm, 'video/webm'),
      { ...jpeg, name: 'b.jpg' },
    ]);
    expect(created.status).toBe(201);
    const post = await whenReady((created.body as Post).id);
    expect(post.media.map((item: MediaAttachment) => item.type)).toEqual([
      'image',
      'video',
      'image',
    ]);
    expect(post.media[1]).toMatchObject({ status: 'ready', width: 160, height: 120 });
    expect(post.media[1]!.url).toMatch(/\.mp4$/);
    expect(post.images).toHaveLength(3);
  });

  it('shares a video story: processing at first, then its MP4 with the poster as its image', async () => {
    const shareStory = async (part: Part) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
      return server.request('/api/stories', { method: 'POST', body: form, token: author.token });
    };
    const created = await shareStory(await videoPart(fixtures.gpsMp4));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'processing', video: null });
    const id = created.body.id as string;
    const story = await vi.waitFor(async () => {
      const read = await server.request(`/api/stories/${id}`, { token: author.token });
      expect(read.body.status).toBe('ready');
      return read.body as {
        video: { url: string; duration_s: number };
        image: { width: number; height: number; variants: unknown[] };
      };
    }, readyWait);
    expect(story.video.url).toMatch(/\/stories\/\d+-[0-9a-f]{32}\.mp4$/);
    expect(story.video.duration_s).toBeGreaterThan(0.9);
    expect(story.image).toMatchObject({ width: 240, height: 320 });
    expect(story.image.variants.length).toBeGreaterThan(0);
    expect((await server.request(`/api/stories/${id}`, { token: reader.token })).status).toBe(200);
    // A story takes the same refusals, its limit named (here VIDEO_MAX_SECONDS, under 60).
    const long = await shareStory(await videoPart(fixtures.longMp4));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Videos must be at most 2 seconds long');
  });

  it('sends a video in a message: empty until transcoded, then an MP4 only the conversation opens', async () => {
    const started = await server.request('/api/conversations', {
      method: 'POST',
      token: author.token,
      json: { participant_ids: [reader.id] },
    });
    expect(started.status).toBeLessThan(300);
    const conversationId = started.body.id as string;
    const form = new FormData();
    const bytes = await fs.readFile(fixtures.gpsMp4);
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'clip.mp4');
    const sent = await server.request(`/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: form,
      token: author.token,
    });
    expect(sent.status).toBe(201);
    // The upload as it came (GPS and all) is never shown, not even to the conversation.
    expect(sent.body.images[0]).toMatchObject({ status: 'processing', url: '', video: null });
    const image = await vi.waitFor(async () => {
      const thread = await server.request(`/api/conversations/${conversationId}/messages`, {
        token: reader.token,
      });
      const [first] = thread.body.messages[0].images as {
        status: string;
        url: string;
        video: { url: string; duration_s: number } | null;
      }[];
      expect(first!.status).toBe('ready');
      return first!;
    }, readyWait);
    expect(image.video!.url).toMatch(/\/messages\/\d+-[0-9a-f]{32}-\d+w\.mp4$/);
    const open = (who: TestUser | null, url: string) =>
      fetch(new URL(url, server.url), {
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      }).then((response) => response.status);
    expect(await open(reader, image.video!.url)).toBe(200);
    expect(await open(reader, image.url)).toBe(200);
    const outsider = await signUpUser(server);
    expect(await open(outsider, image.video!.url)).toBe(404);
    expect(await open(null, image.video!.url)).toBe(404);
  });

  it('refuses broken, silent-only, too long, too big and playlist "videos", storing nothing and connecting nowhere', async () => {
    const recorder = await startConnectionRecorder();
    try {
      const before = await storedKeys(server);
      const refusal = async (part: Part) => {
        const response = await share(server, author, [part]);
        return { status: response.status, message: response.body.error?.message as string };
      };
      expect(await refusal(await videoPart(fixtures.truncatedMp4))).toEqual({
        status: 400,
        message: videoMessages.notAVideo,
      });
      expect(await refusal(await videoPart(fixtures.audioOnly))).toEqual({
        status: 400,
        message: videoMessages.hasNoPicture,
      });
      expect(await refusal(await videoPart(fixtures.longMp4))).toEqual({
        status: 400,
        message: 'Videos must be at most 2 seconds long',
      });
      expect(await refusal(await videoPart(fixtures.bigMp4))).toEqual({
        status: 413,
        message: 'Videos must be smaller than 1MB',
      });
      const { hls, concat, ftypHls } = hostilePlaylists(recorder.port);
      for (const bytes of [hls, concat, ftypHls]) {
        expect(await refusal({ bytes, name: 'clip.mp4', type: 'video/mp4' })).toEqual({
          status: 400,
          message: videoMessages.notAVideo,
        });
      }
      // Text under a photo's name is still "not an image", as before videos.
      expect(await refusal({ bytes: hls, name: 'x.jpg', type: 'image/jpeg' })).toMatchObject({
        status: 415,
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(recorder.connections()).toBe(0);
      // Nothing new in the store (an earlier test's upload may still be leaving it).
      expect((await storedKeys(server)).filter((key) => !before.includes(key))).toEqual([]);
    } finally {
      await recorder.close();
    }
  });

  it('takes up a job whose worker died once its claim runs out (a restart), and fails an unreadable one', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-restart-'));
    const first = await startTestServer(dialect, env, { dataDir });
    const user = await signUpUser(first);
    // This instance takes the job and dies with it: its workers stop, the claim stays.
    await first.context.services.videoJobs.close();
    const created = await share(first, user, [await videoPart(fixtures.plainMp4)]);
    expect(created.status).toBe(201);
    const id = (created.body as Post).id;
    // While it waits the post is its author's only: not its page, not the feed, for anyone else.
    const other = await signUpUser(first);
    expect((await first.request(`/api/posts/${id}`, { token: user.token })).status).toBe(200);
    expect((await first.request(`/api/posts/${id}`, { token: other.token })).status).toBe(404);
    expect((await first.request(`/api/posts/${id}`)).status).toBe(404);
    const feed = await first.request('/api/posts?limit=50');
    expect((feed.body.posts as Post[]).map((post) => post.id)).not.toContain(id);
    // A photo and a video whose upload turns out unreadable when its turn comes (its stored
    // bytes replaced by a cut file): that video fails, its post stays its author's.
    const mixed = await share(first, user, [
      { bytes: photo, name: 'a.jpg', type: 'image/jpeg' },
      await videoPart(fixtures.plainMp4),
    ]);
    expect(mixed.status).toBe(201);
    const mixedId = (mixed.body as Post).id;
    const upload = await first.context.database.db
      .selectFrom('media_attachments')
      .select('file_key')
      .where('post_id', '=', mixedId)
      .where('type', '=', 'video')
      .executeTakeFirstOrThrow();
    await first.context.storage.delete(upload.file_key);
    const cut = (await fs.readFile(fixtures.plainMp4)).subarray(0, 2000);
    await first.context.storage.put(upload.file_key, cut, 'video/mp4');
    const story = await (async () => {
      const form = new FormData();
      const bytes = await fs.readFile(fixtures.plainMp4);
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'clip.mp4');
      return first.request('/api/stories', { method: 'POST', body: form, token: user.token });
    })();
    expect(story.status).toBe(201);
    const storyId = story.body.id as string;
    expect((await first.request(`/api/stories/${storyId}`, { token: user.token })).status).toBe(
      200,
    );
    expect((await first.request(`/api/stories/${storyId}`, { token: other.token })).status).toBe(
      404,
    );
    // The uploads waiting for their jobs are their rows' files: the sweeper keeps them.
    expect(await orphansFound(first)).toBe(0);
    const now = Date.now();
    const claimed = await claimNextVideoJob(
      first.context.database.db,
      new Date(now).toISOString(),
      new Date(now + 30 * 60_000).toISOString(),
    );
    expect(claimed?.attempts).toBe(1);
    await first.close();

    // Started again 31 minutes later: the dead claim has run out, the job is done.
    const clock = new TestClock(now + 31 * 60_000);
    const second = await startTestServer(
      dialect,
      env,
      { dataDir, databaseUrl: first.databaseUrl },
      { clock },
    );
    try {
      const post = await vi.waitFor(async () => {
        const read = (await second.request(`/api/posts/${id}`, { token: user.token })).body as Post;
        expect(read.media[0]!.status).toBe('ready');
        return read;
      }, readyWait);
      expect(post.media[0]!.url).toMatch(/\.mp4$/);
      // Ready: everyone sees it now.
      expect((await second.request(`/api/posts/${id}`, { token: other.token })).status).toBe(200);
      await vi.waitFor(async () => {
        const read = await second.request(`/api/stories/${storyId}`, { token: other.token });
        expect(read.status).toBe(200);
        expect(read.body.video.url).toMatch(/\.mp4$/);
      }, readyWait);

      const failed = await vi.waitFor(async () => {
        const read = (await second.request(`/api/posts/${mixedId}`, { token: user.token }))
          .body as Post;
        expect(read.media[1]!.status).toBe('failed');
        return read;
      }, readyWait);
      expect(failed.media[1]).toMatchObject({ type: 'video', url: '', poster: null });
      expect((await second.request(`/api/posts/${mixedId}`, { token: other.token })).status).toBe(
        404,
      );
      // The author removes the failed video: the post is whole, and reaches everyone.
      const edited = await second.request(`/api/posts/${mixedId}`, {
        method: 'PATCH',
        token: user.token,
        json: { images: [{ id: failed.media[0]!.id, alt_text: null }] },
      });
      expect(edited.status).toBe(200);
      expect((await second.request(`/api/posts/${mixedId}`, { token: other.token })).status).toBe(
        200,
      );
      const everyone = await second.request('/api/posts?limit=50');
      expect((everyone.body.posts as Post[]).map((post) => post.id)).toContain(mixedId);
    } finally {
      await second.close();
      await first.dropDatabase?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
