import { randomUUID } from 'node:crypto';
import type { webcrypto } from 'node:crypto';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser } from '../test/harness';
import type { FederationRig, RigInstance } from './test/tls/rig';
import { startFederationRig } from './test/tls/rig';

const asContext = 'https://www.w3.org/ns/activitystreams';
const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';

/** Photos posted through the API, with their sizes and alt texts, in this order. */
async function postPhotos(
  instance: RigInstance,
  user: TestUser,
  caption: string,
  photos: { width: number; height: number; alt: string }[],
) {
  const form = new FormData();
  form.append('caption', caption);
  for (const photo of photos) {
    const jpeg = new Uint8Array(await makeJpeg(photo.width, photo.height));
    form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  }
  for (const photo of photos) form.append('alt_text', photo.alt);
  const response = await instance.request('/api/posts', {
    method: 'POST',
    body: form,
    token: user.token,
  });
  expect(response.status).toBe(201);
  return response.body as { id: string; images: { id: string }[] };
}

describe('Pinhole instances over TLS, as child processes, with the reference peer', () => {
  let rig: FederationRig;
  let a: RigInstance;
  let b: RigInstance;
  let alice: TestUser;
  let carol: TestUser;
  let dora: TestUser;
  let postId: string;

  const peer = () => rig.peer;
  const inboxOf = (instance: RigInstance, username: string) =>
    `${instance.origin}/users/${username}/inbox`;
  /** Mastodon's Follow, as its ActivityPub docs write it. */
  const follow = (who: string, instance: RigInstance, target: string) => ({
    '@context': asContext,
    id: `${peer().origin}/${randomUUID()}`,
    type: 'Follow',
    actor: peer().actorUrl(who),
    object: `${instance.origin}/users/${target}`,
  });
  const followersOf = async (instance: RigInstance, username: string) =>
    (await instance.request(`/api/profiles/by-username/${username}`)).body
      .followers_count as number;
  const requestsOf = async (instance: RigInstance, owner: TestUser) =>
    (await instance.request('/api/me/follow-requests', { token: owner.token })).body.profiles as {
      id: string;
      username: string;
    }[];

  beforeAll(async () => {
    rig = await startFederationRig({
      instances: ['a', 'b'],
      addresses: { a: '127.0.0.2', b: '127.0.0.3', peer: '127.0.0.9' },
    });
    a = rig.instance('a');
    b = rig.instance('b');
    for (const name of ['bob', 'dave', 'erin']) await rig.peer.addPerson(name);
    [alice, carol, dora] = await Promise.all([
      signUpUser(a, { username: 'alice' }),
      signUpUser(a, { username: 'carol' }),
      signUpUser(b, { username: 'dora' }),
    ]);
    for (const [instance, owner] of [
      [a, carol],
      [b, dora],
    ] as const) {
      const made = await instance.request('/api/profiles/me', {
        method: 'PATCH',
        token: owner.token,
        json: { is_private: true },
      });
      expect(made.status).toBe(200);
    }
  }, 120_000);
  afterAll(async () => {
    await rig?.stop();
  });

  it('a public person accepts a follow at once; private ones approve on a and decline on b', async () => {
    expect((await peer().send('bob', inboxOf(a, 'alice'), follow('bob', a, 'alice'))).status).toBe(
      202,
    );
    await expect.poll(() => peer().ofType('Accept').length, { timeout: 10_000 }).toBe(1);
    expect(peer().ofType('Accept')[0]!.json.actor).toBe(`${a.origin}/users/alice`);
    expect(await followersOf(a, 'alice')).toBe(1);

    const fromDave = follow('dave', a, 'carol');
    const fromErin = follow('erin', b, 'dora');
    expect((await peer().send('dave', inboxOf(a, 'carol'), fromDave)).status).toBe(202);
    expect((await peer().send('erin', inboxOf(b, 'dora'), fromErin)).status).toBe(202);
    await expect.poll(async () => (await requestsOf(a, carol)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await requestsOf(b, dora)).length, { timeout: 10_000 }).toBe(1);
    const [daveHere] = await requestsOf(a, carol);
    const [erinThere] = await requestsOf(b, dora);
    expect(daveHere!.username).toBe('dave@peer.test');
    expect(erinThere!.username).toBe('erin@peer.test');

    const approved = await a.request(`/api/me/follow-requests/${daveHere!.id}/approve`, {
      method: 'POST',
      token: carol.token,
    });
    expect(approved.status).toBeLessThan(300);
    await expect.poll(() => peer().ofType('Accept').length, { timeout: 10_000 }).toBe(2);
    expect(peer().ofType('Accept')[1]!.json.object).toMatchObject({ id: fromDave.id });
    expect(await followersOf(a, 'carol')).toBe(1);

    const declined = await b.request(`/api/me/follow-requests/${erinThere!.id}`, {
      method: 'DELETE',
      token: dora.token,
    });
    expect(declined.status).toBeLessThan(300);
    await expect.poll(() => peer().ofType('Reject').length, { timeout: 10_000 }).toBe(1);
    expect(peer().ofType('Reject')[0]!.json).toMatchObject({
      actor: `${b.origin}/users/dora`,
      object: { id: fromErin.id },
    });
    expect(await followersOf(b, 'dora')).toBe(0);
  });

  it('delivers posts with three photos in order, their alt texts, as JPEG the peer can load', async () => {
    const photos = [
      { width: 640, height: 480, alt: 'A teapot' },
      { width: 480, height: 640, alt: 'The river' },
      { width: 500, height: 500, alt: 'Two cups' },
    ];
    const post = await postPhotos(a, alice, 'Tea by the river #picnic', photos);
    postId = post.id;
    await postPhotos(a, carol, 'Only for friends', [{ width: 300, height: 300, alt: 'A cat' }]);
    await expect.poll(() => peer().ofType('Create').length, { timeout: 10_000 }).toBe(2);

    const noteOf = (author: string) =>
      peer()
        .ofType('Create')
        .find((create) => create.json.actor === `${a.origin}/users/${author}`)!.json
        .object as Record<string, any>;
    const note = noteOf('alice');
    expect(note).toMatchObject({ id: `${a.origin}/p/${postId}`, type: 'Note', to: 'as:Public' });
    expect(Array.isArray(note.attachment)).toBe(true);
    expect(
      note.attachment.map((image: Record<string, unknown>) => [
        image.type,
        image.mediaType,
        image.name,
        image.width,
        image.height,
      ]),
    ).toEqual(photos.map((photo) => ['Image', 'image/jpeg', photo.alt, photo.width, photo.height]));
    const image = await fetch(note.attachment[0].url as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // The private account's post goes to its followers only.
    const privateNote = noteOf('carol');
    expect(privateNote.to).toBe(`${a.origin}/users/carol/followers`);
    expect(JSON.stringify(privateNote)).not.toContain('Public');
  });

  it('counts a like and shows a reply as a comment by user@host', async () => {
    const noteUrl = `${a.origin}/p/${postId}`;
    const like = {
      '@context': asContext,
      id: `${peer().actorUrl('bob')}#likes/1`,
      type: 'Like',
      actor: peer().actorUrl('bob'),
      object: noteUrl,
    };
    expect((await peer().send('bob', `${a.origin}/inbox`, like)).status).toBe(202);

    // Pixelfed's CreateNote shape.
    const replyId = `${peer().origin}/p/bob/${randomUUID()}`;
    const audience = {
      to: [publicCollection],
      cc: [`${peer().actorUrl('bob')}/followers`, `${a.origin}/users/alice`],
    };
    const reply = {
      '@context': ['https://w3id.org/security/v1', asContext],
      id: `${replyId}/activity`,
      type: 'Create',
      actor: peer().actorUrl('bob'),
      ...audience,
      object: {
        id: replyId,
        type: 'Note',
        summary: null,
        content: '<p>Lovely light &amp; colours</p>',
        inReplyTo: noteUrl,
        published: new Date().toISOString(),
        url: replyId,
        attributedTo: peer().actorUrl('bob'),
        ...audience,
        sensitive: false,
        attachment: [],
        tag: [],
      },
    };
    expect((await peer().send('bob', `${a.origin}/inbox`, reply)).status).toBe(202);

    const post = async () =>
      (await a.request(`/api/posts/${postId}`, { token: alice.token })).body as {
        likes_count: number;
        comments_count: number;
      };
    await expect
      .poll(post, { timeout: 10_000 })
      .toMatchObject({ likes_count: 1, comments_count: 1 });
    const comments = await a.request(`/api/posts/${postId}/comments`, { token: alice.token });
    expect(comments.body.comments).toMatchObject([
      { content: 'Lovely light & colours', author: { username: 'bob@peer.test' } },
    ]);
  });

  it('gets an edit and then a delete to the peer within 10 s each', async () => {
    const noteUrl = `${a.origin}/p/${postId}`;
    const images = (await a.request(`/api/posts/${postId}`, { token: alice.token })).body
      .images as { id: string }[];
    const edited = await a.request(`/api/posts/${postId}`, {
      method: 'PATCH',
      token: alice.token,
      json: { images: [...images].reverse().map((one) => ({ id: one.id, alt_text: null })) },
    });
    expect(edited.status).toBe(200);
    await expect.poll(() => peer().ofType('Update').length, { timeout: 10_000 }).toBe(1);
    const updated = peer().ofType('Update')[0]!.json.object as Record<string, any>;
    expect(updated.id).toBe(noteUrl);
    expect(updated.attachment.map((image: { width: number }) => image.width)).toEqual([
      500, 480, 640,
    ]);

    const deleted = await a.request(`/api/posts/${postId}`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(deleted.status).toBe(204);
    await expect.poll(() => peer().ofType('Delete').length, { timeout: 10_000 }).toBe(1);
    expect(peer().ofType('Delete')[0]!.json.object).toMatchObject({
      id: noteUrl,
      type: 'Tombstone',
    });
  });

  it('refuses tampered, stale and unknown-key signatures with 401, storing nothing', async () => {
    const inbox = inboxOf(b, 'dora');
    const tampered = await peer().send('bob', inbox, follow('bob', b, 'dora'), {
      tamper: (body) => body.replace('dora', 'dorb'),
    });
    const stale = await peer().sendDated(
      'bob',
      inbox,
      follow('bob', b, 'dora'),
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    const stranger = (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')) as webcrypto.CryptoKeyPair;
    const unknownKey = await peer().send('bob', inbox, follow('bob', b, 'dora'), {
      keyId: new URL(`${peer().origin}/users/ghost#main-key`),
      privateKey: stranger.privateKey,
    });
    expect([tampered.status, stale.status, unknownKey.status]).toEqual([401, 401, 401]);
    expect(await requestsOf(b, dora)).toEqual([]);
  });
});
