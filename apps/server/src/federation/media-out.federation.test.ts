import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { encodePixels } from '../media/encode-pixels';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { makeVideoFixtures } from '../test/video-fixtures';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';

/** A PNG of two colours side by side, as a screenshot would be. */
function makePng(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const left = i % width < width / 2;
    data.set(left ? [30, 90, 200] : [240, 200, 40], i * 3);
  }
  return encodePixels({ data, width, height }, { format: 'png', compressionLevel: 6 });
}

describe.each(dialects)('photos sent to a peer on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;

  const imageRow = (postId: string) =>
    server.context.database.db
      .selectFrom('media_attachments')
      .select(['id', 'file_key', 'blurhash', 'jpeg_key'])
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      VIDEO_WORKERS: '1',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('pixelfed.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    await peer.send('bob', `${publicUrl}/users/alice/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    });
    await vi.waitFor(() => expect(peer.ofType('Accept')).toHaveLength(1), { timeout: 10_000 });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('sends a PNG as a full-size JPEG copy, with a BlurHash made at upload', async () => {
    const upload = await uploadPost(server, alice, await makePng(640, 480), {
      caption: 'Screenshot',
      filename: 'shot.png',
      type: 'image/png',
    });
    expect(upload.status).toBe(201);
    const postId = upload.body.id as string;
    const stored = await imageRow(postId);
    expect(stored.file_key).toMatch(/\.png$/);
    expect(stored.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{20,40}$/);

    await expect.poll(() => peer.ofType('Create').length, { timeout: 10_000 }).toBe(1);
    const note = peer.ofType('Create')[0]!.json.object as Record<string, any>;
    const image = note.attachment as Record<string, any>;
    // On the wire a single photo is still a list (Pixelfed reads `attachment` as an array).
    const sent = peer.wire.find((activity) => activity.type === 'Create')!;
    expect((sent.object as Record<string, unknown>).attachment).toEqual([
      expect.objectContaining({ type: 'Image', mediaType: 'image/jpeg' }),
    ]);
    expect(image).toMatchObject({
      type: 'Image',
      mediaType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(image.url).toMatch(/-640w\.jpg$/);
    const copy = await fetch(image.url as string);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await copy.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await imageRow(postId)).jpeg_key).toBe(
      new URL(image.url as string).pathname.replace(/^\/storage\//, ''),
    );

    // The copy goes with the post.
    await server.request(`/api/posts/${postId}`, { method: 'DELETE', token: alice.token });
    expect((await fetch(image.url as string)).status).toBe(404);
  });

  it('makes the BlurHash and JPEG copy of an older photo when its Note is first fetched', async () => {
    const upload = await uploadPost(server, alice, await makePng(300, 200), {
      filename: 'old.png',
      type: 'image/png',
    });
    const postId = upload.body.id as string;
    const { id } = await imageRow(postId);
    // As a photo stored before either existed.
    await server.context.database.db
      .updateTable('media_attachments')
      .set({ blurhash: null, jpeg_key: null })
      .where('id', '=', id)
      .execute();
    const fetched = await peer.get('bob', `${publicUrl}/p/${postId}`);
    expect(fetched.status).toBe(200);
    const note = (await fetched.json()) as {
      attachment: { mediaType: string; url: string; blurhash: string }[];
    };
    // An array even of one photo, each with its BlurHash (Fedify's vocabulary has neither).
    expect(note.attachment).toHaveLength(1);
    expect(note.attachment[0]).toMatchObject({ mediaType: 'image/jpeg' });
    const row = await imageRow(postId);
    expect(row.blurhash).toEqual(expect.any(String));
    expect(note.attachment[0]!.blurhash).toBe(row.blurhash);
    expect(note.attachment[0]!.url).toContain(row.jpeg_key!);
  });

  it('sends a video once transcoded, as Mastodon sends one: a Video of its MP4 with its size and BlurHash', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-video-out-'));
    try {
      const { plainMp4 } = await makeVideoFixtures(folder);
      const form = new FormData();
      form.append('caption', 'A clip');
      form.append('alt_text', 'A test pattern');
      const clip = new Uint8Array(await fs.readFile(plainMp4));
      form.append('image', new Blob([clip], { type: 'video/mp4' }), 'clip.mp4');
      const created = await server.request('/api/posts', {
        method: 'POST',
        body: form,
        token: alice.token,
      });
      expect(created.status).toBe(201);
      const postId = created.body.id as string;
      const noteId = `${publicUrl}/p/${postId}`;
      const createOf = () =>
        peer.wire.find(
          (activity) =>
            activity.type === 'Create' &&
            (activity.object as Record<string, unknown>).id === noteId,
        );
      // Sent only once its video is ready: the Create carries the MP4, never the upload.
      await expect.poll(() => createOf(), { timeout: 60_000, interval: 200 }).toBeDefined();
      const [video] = (createOf()!.object as { attachment: Record<string, unknown>[] }).attachment;
      expect(video).toMatchObject({
        type: 'Video',
        mediaType: 'video/mp4',
        name: 'A test pattern',
        width: 320,
        height: 240,
      });
      // The transcoded MP4 the post shows (the upload as it came is gone by then).
      const ready = await server.request(`/api/posts/${postId}`, { token: alice.token });
      expect(ready.body.media[0]).toMatchObject({ status: 'ready' });
      expect(new URL(video!.url as string).pathname).toBe(
        new URL(ready.body.media[0].url as string, publicUrl).pathname,
      );
      const served = await fetch(video!.url as string);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp4');
      expect(
        Buffer.from(await served.arrayBuffer())
          .subarray(4, 8)
          .toString('latin1'),
      ).toBe('ftyp');
      // The Note fetched by its id: the same Video, with the BlurHash of its poster.
      const fetched = await peer.get('bob', noteId);
      expect(fetched.status).toBe(200);
      const note = (await fetched.json()) as { attachment: Record<string, unknown>[] };
      const row = await imageRow(postId);
      expect(note.attachment).toEqual([
        expect.objectContaining({
          type: 'Video',
          mediaType: 'video/mp4',
          url: video!.url,
          width: 320,
          height: 240,
          blurhash: row.blurhash,
        }),
      ]);
      expect(row.blurhash).toEqual(expect.any(String));
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
