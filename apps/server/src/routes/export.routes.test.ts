import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import type { TestS3Server } from '../test/s3-server';
import { startS3Server } from '../test/s3-server';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  storageSetups,
  uploadPost,
} from '../test/harness';
import { makeVideoFixtures } from '../test/video-fixtures';

/** A transcode of a one-second clip takes well under this, even on a busy two-core machine. */
const readyWait = { timeout: 60_000, interval: 200 } as const;
/** An MP4 says so in its first box. */
const isMp4 = (bytes: Buffer | undefined) => bytes?.subarray(4, 8).toString('latin1') === 'ftyp';

/** The zip's entries: name → bytes, read with a real zip reader. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(storageSetups)('GET /api/me/export on $name', (setup) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let s3: TestS3Server | undefined;
  beforeAll(async () => {
    s3 = setup.s3 ? await startS3Server() : undefined;
    server = await startTestServer(setup.dialect, { ...s3?.env, VIDEO_WORKERS: '1' });
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await s3?.close();
  });

  it('streams a zip of your rows and the originals of your photos, in order', async () => {
    const ada = await signUpUser(server);
    const bob = await signUpUser(server);
    const form = new FormData();
    form.append('caption', 'two photos');
    for (const [index, size] of [
      [600, 400],
      [300, 500],
    ].entries()) {
      form.append('image', new Blob([new Uint8Array(await makeJpeg(size[0], size[1]))]), 'p.jpg');
      form.append('alt_text', `photo ${index + 1}`);
    }
    const carousel = await server.request('/api/posts', {
      method: 'POST',
      body: form,
      token: ada.token,
    });
    expect(carousel.status).toBe(201);
    const bobs = (await uploadPost(server, bob, await makeJpeg(), { caption: 'bob' })).body;
    await server.request(`/api/posts/${bobs.id}/like`, { method: 'PUT', token: ada.token });
    await server.request(`/api/posts/${bobs.id}/comments`, {
      method: 'POST',
      token: ada.token,
      json: { content: 'lovely' },
    });
    await server.request(`/api/profiles/${ada.id}/follow`, { method: 'PUT', token: bob.token });
    const blocked = await signUpUser(server);
    await server.request(`/api/profiles/${blocked.id}/block`, { method: 'PUT', token: ada.token });
    const conversation = await server.request('/api/conversations', {
      method: 'POST',
      token: ada.token,
      json: { participant_ids: [bob.id] },
    });
    for (const [who, text] of [
      [ada, 'from Ada'],
      [bob, 'from Bob'],
    ] as const) {
      await server.request(`/api/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        token: who.token,
        json: { text },
      });
    }

    const photoForm = new FormData();
    photoForm.append('image', new Blob([new Uint8Array(await makeJpeg(120, 90))]), 'dm.jpg');
    const photoMessage = await server.request(
      `/api/conversations/${conversation.body.id}/messages`,
      { method: 'POST', token: ada.token, body: photoForm },
    );
    expect(photoMessage.status).toBe(201);

    const response = await fetch(`${server.url}/api/me/export`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="pinhole-${ada.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const read = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));
    expect(read('profile.json').username).toBe(ada.username);
    const [post] = read('posts.json');
    expect(post.caption).toBe('two photos');
    expect(post.images.map((image: { alt_text: string }) => image.alt_text)).toEqual([
      'photo 1',
      'photo 2',
    ]);
    expect(post.images.map((image: { width: number }) => image.width)).toEqual([600, 300]);
    for (const image of post.images) {
      const bytes = entries.get(image.path);
      expect(bytes?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    expect(read('likes.json').map((like: { post_id: string }) => like.post_id)).toEqual([bobs.id]);
    expect(read('comments.json')[0].content).toBe('lovely');
    expect(read('followers.json').map((f: { username: string }) => f.username)).toEqual([
      bob.username,
    ]);
    expect(read('following.json')).toEqual([]);
    expect(read('saved.json')).toEqual([]);
    expect(read('blocked.json').map((b: { username: string }) => b.username)).toEqual([
      blocked.username,
    ]);
    // The messages Ada wrote; what Bob wrote is his.
    const written = read('messages.json');
    expect(written.map((m: { text: string }) => m.text)).toEqual(['from Ada', null]);
    // A photo she sent is in the zip beside its message.
    const [sentPhoto] = written[1].images;
    expect(sentPhoto).toMatchObject({ width: 120, height: 90 });
    expect(entries.get(sentPhoto.path)?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(read('messages.json')[0].conversation_id).toBe(conversation.body.id);
    // Nobody else's rows: Bob's post is not in Ada's posts.
    expect(read('posts.json')).toHaveLength(1);
  });

  it('holds the MP4 of every video: a post’s, a story’s and a message’s, each beside its poster', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-export-video-'));
    try {
      const { plainMp4 } = await makeVideoFixtures(folder);
      const clip = new Blob([new Uint8Array(await fs.readFile(plainMp4))], { type: 'video/mp4' });
      const ada = await signUpUser(server);
      const bob = await signUpUser(server);
      const formOf = () => {
        const form = new FormData();
        form.append('image', clip, 'clip.mp4');
        return form;
      };
      const post = await server.request('/api/posts', {
        method: 'POST',
        body: formOf(),
        token: ada.token,
      });
      expect(post.status).toBe(201);
      const story = await server.request('/api/stories', {
        method: 'POST',
        body: formOf(),
        token: ada.token,
      });
      expect(story.status).toBe(201);
      const conversation = await server.request('/api/conversations', {
        method: 'POST',
        token: ada.token,
        json: { participant_ids: [bob.id] },
      });
      const sent = await server.request(`/api/conversations/${conversation.body.id}/messages`, {
        method: 'POST',
        token: ada.token,
        body: formOf(),
      });
      expect(sent.status).toBe(201);
      await vi.waitFor(async () => {
        const [readPost, readStory, thread] = await Promise.all([
          server.request(`/api/posts/${post.body.id}`, { token: ada.token }),
          server.request(`/api/stories/${story.body.id}`, { token: ada.token }),
          server.request(`/api/conversations/${conversation.body.id}/messages`, {
            token: ada.token,
          }),
        ]);
        expect(readPost.body.media[0].status).toBe('ready');
        expect(readStory.body.status).toBe('ready');
        expect(thread.body.messages[0].images[0].status).toBe('ready');
      }, readyWait);

      const response = await fetch(`${server.url}/api/me/export`, {
        headers: { authorization: `Bearer ${ada.token}` },
      });
      expect(response.status).toBe(200);
      const entries = await unzip(Buffer.from(await response.arrayBuffer()));
      const read = (name: string) => JSON.parse(entries.get(name)!.toString('utf8'));

      const [video] = read('posts.json')[0].images;
      expect(video).toMatchObject({ type: 'video', width: 320, height: 240 });
      expect(video.duration_s).toBeGreaterThan(0.9);
      expect(video.path).toMatch(/\.mp4$/);
      expect(isMp4(entries.get(video.path))).toBe(true);

      const [exportedStory] = read('stories.json');
      expect(exportedStory.video.path).toBe(`media/stories/${story.body.id}.mp4`);
      expect(isMp4(entries.get(exportedStory.video.path))).toBe(true);
      // Its poster too, where a photo story's picture is.
      expect(entries.get(exportedStory.path)?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

      const [message] = read('messages.json');
      const [sentVideo] = message.images;
      expect(sentVideo.video.path).toBe(`media/messages/${sent.body.id}-1.mp4`);
      expect(isMp4(entries.get(sentVideo.video.path))).toBe(true);
      expect(entries.get(sentVideo.path)?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('is for the signed in only', async () => {
    const response = await server.request('/api/me/export');
    expect(response.status).toBe(401);
  });
});
