import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    server = await startTestServer(setup.dialect, s3?.env ?? {});
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

  it('is for the signed in only', async () => {
    const response = await server.request('/api/me/export');
    expect(response.status).toBe(401);
  });
});
