import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeDamagedPng,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { bucketName, mediaKey, newKeyNonce } from '../storage/storage';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('photos in direct messages on %s', (dialect) => {
  let server: Server;
  let ann: TestUser;
  let ben: TestUser;
  let outsider: TestUser;

  const call = (who: TestUser | null, method: string, path: string, json?: unknown) =>
    server.request(path, { method, token: who?.token, json });
  const startWith = async (who: TestUser, other: TestUser) => {
    const response = await call(who, 'POST', '/api/conversations', { participant_ids: [other.id] });
    expect(response.status).toBeLessThan(300);
    return response.body.id as string;
  };
  const sendPhotos = (who: TestUser, id: string, photos: Buffer[], text?: string) => {
    const form = new FormData();
    if (text !== undefined) form.append('text', text);
    for (const photo of photos)
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'p.jpg');
    return server.request(`/api/conversations/${id}/messages`, {
      method: 'POST',
      body: form,
      token: who.token,
    });
  };
  /** Every stored message file of this person. */
  const messageFiles = async (who: TestUser) => {
    const keys: string[] = [];
    for await (const object of server.context.storage.list(`${bucketName}/${who.id}/messages/`))
      keys.push(object.key);
    return keys;
  };
  const fileStatus = async (who: TestUser | null, url: string) =>
    (await server.request(url, { token: who?.token })).status;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    [ann, ben, outsider] = [
      await signUpUser(server),
      await signUpUser(server),
      await signUpUser(server),
    ];
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('sends photos with text; only participants can fetch them, cleaned of metadata', async () => {
    const id = await startWith(ann, ben);
    const photo = await makeJpeg(640, 480, { withGps: true });
    const sent = await sendPhotos(ann, id, [photo, await makeJpeg(300, 200)], 'look');
    expect(sent.status).toBe(201);
    expect(sent.body.text).toBe('look');
    expect(sent.body.images).toHaveLength(2);
    const [first] = sent.body.images;
    expect(first).toMatchObject({ width: 640, height: 480 });
    expect(first.url).toMatch(new RegExp(`^/storage/${bucketName}/${ann.id}/messages/`));
    expect(first.variants.length).toBeGreaterThan(0);

    const fetched = await fetch(server.url + first.url, {
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('cache-control')).toContain('private');
    const metadata = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
    for (const url of [first.url, first.variants[0].url]) {
      expect(await fileStatus(ann, url)).toBe(200);
      expect(await fileStatus(ben, url)).toBe(200);
      expect(await fileStatus(outsider, url)).toBe(404);
      expect(await fileStatus(null, url)).toBe(404);
    }
    // A signature made for a private account's files opens nothing here.
    const signed = server.context.signer.sign(first.url.slice('/storage/'.length));
    expect(await fileStatus(outsider, signed)).toBe(404);

    const thread = await call(ben, 'GET', `/api/conversations/${id}/messages`);
    expect(thread.body.messages[0].images.map((image: any) => image.url)).toEqual(
      sent.body.images.map((image: any) => image.url),
    );
    const [conversation] = (await call(ben, 'GET', '/api/conversations?folder=requests')).body
      .conversations;
    expect(conversation.last_message.images).toHaveLength(2);

    // A block closes the files as it closes the conversation.
    expect((await call(ben, 'PUT', `/api/profiles/${ann.id}/block`)).status).toBe(200);
    expect(await fileStatus(ben, first.url)).toBe(404);
    expect((await call(ben, 'DELETE', `/api/profiles/${ann.id}/block`)).status).toBeLessThan(300);
    expect(await fileStatus(ben, first.url)).toBe(200);

    // The orphan sweep keeps a message's photos and removes a message file nothing refers to
    // (left by a crash mid-send).
    const orphan = mediaKey('messages', ann.id, Date.now(), 'jpg', newKeyNonce());
    await server.context.storage.put(orphan, await makeJpeg(10, 10), 'image/jpeg');
    await server.context.services.sweep.run(Date.now() + 24 * 60 * 60 * 1000);
    expect(await fileStatus(ben, first.url)).toBe(200);
    expect(await fileStatus(ben, first.variants[0].url)).toBe(200);
    expect(await server.context.storage.head(orphan)).toBeNull();
  });

  it('removes the files when the message is unsent', async () => {
    const id = await startWith(ann, outsider);
    const before = await messageFiles(ann);
    const sent = await sendPhotos(ann, id, [await makeJpeg(200, 200)]);
    expect(sent.status).toBe(201);
    const url = sent.body.images[0].url as string;
    expect((await messageFiles(ann)).length).toBeGreaterThan(before.length);
    expect((await call(ann, 'DELETE', `/api/messages/${sent.body.id}`)).status).toBe(204);
    expect(await fileStatus(ann, url)).toBe(404);
    expect(await fileStatus(outsider, url)).toBe(404);
    expect((await messageFiles(ann)).sort()).toEqual(before.sort());
  });

  it('leaves no file behind when a photo is refused or the sender is not in it', async () => {
    const cat = await signUpUser(server);
    const dan = await signUpUser(server);
    const id = await startWith(cat, dan);
    const damaged = await sendPhotos(cat, id, [await makeJpeg(200, 200), await makeDamagedPng()]);
    expect(damaged.status).toBe(400);
    expect(damaged.body.error.fields).toHaveProperty('image.1');
    expect(await messageFiles(cat)).toEqual([]);
    const notAnImage = await sendPhotos(cat, id, [Buffer.from('not a photo at all')]);
    expect(notAnImage.status).toBe(415);
    const eleven = await sendPhotos(cat, id, Array(11).fill(await makeJpeg(20, 20)));
    expect(eleven.status).toBe(400);
    const tooLong = await sendPhotos(cat, id, [await makeJpeg(20, 20)], 'x'.repeat(1001));
    expect(tooLong.status).toBe(400);
    expect(await messageFiles(cat)).toEqual([]);

    const intruder = await sendPhotos(outsider, id, [await makeJpeg(20, 20)]);
    expect(intruder.status).toBe(404);
    expect(await messageFiles(outsider)).toEqual([]);
    expect((await call(dan, 'GET', `/api/conversations/${id}/messages`)).body.messages).toEqual([]);
  });
});
