import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser, startTestServer } from '../test/harness';
import { dialects, makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { HostRouter } from './test/host-router';
import { startFederatedServer } from './test/federated-server';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';

describe.each(dialects)('likes and replies from a peer on %s', (dialect) => {
  let federated: Awaited<ReturnType<typeof startFederatedServer>>;
  let router: HostRouter;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let postId: string;
  const inbox = `${publicUrl}/inbox`;

  const post = async () =>
    (await server.request(`/api/posts/${postId}`, { token: alice.token })).body as {
      likes_count: number;
      comments_count: number;
    };
  const comments = async () =>
    (await server.request(`/api/posts/${postId}/comments`, { token: alice.token })).body
      .comments as { content: string; author: { username: string } }[];

  beforeAll(async () => {
    federated = await startFederatedServer(dialect);
    ({ server, router } = federated);
    peer = new ReferencePeer('pixelfed.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    const created = await uploadPost(server, alice, await makeJpeg(), { caption: 'Morning' });
    postId = created.body.id as string;
  });
  afterAll(async () => {
    await peer.stop();
    await federated.close();
  });

  it('counts a Like (Mastodon shape) and forgets it on Undo', async () => {
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUrl('bob')}#likes/1`,
      type: 'Like',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/p/${postId}`,
    };
    expect((await peer.send('bob', inbox, like)).status).toBe(202);
    await expect.poll(async () => (await post()).likes_count, { timeout: 10_000 }).toBe(1);
    const undo = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUrl('bob')}#likes/1/undo`,
      type: 'Undo',
      actor: peer.actorUrl('bob'),
      object: like,
    };
    expect((await peer.send('bob', inbox, undo)).status).toBe(202);
    await expect.poll(async () => (await post()).likes_count, { timeout: 10_000 }).toBe(0);
  });

  it("takes a reply (Pixelfed's CreateNote shape) as a comment by user@host, and its Delete", async () => {
    const noteId = `${peer.origin}/p/bob/${randomUUID()}`;
    const create = {
      '@context': ['https://w3id.org/security/v1', 'https://www.w3.org/ns/activitystreams'],
      id: `${noteId}/activity`,
      type: 'Create',
      actor: peer.actorUrl('bob'),
      to: [publicCollection],
      cc: [`${peer.actorUrl('bob')}/followers`, `${publicUrl}/users/alice`],
      object: {
        id: noteId,
        type: 'Note',
        summary: null,
        content:
          '<p><a href="https://photos.example/alice" class="u-url mention">@alice</a> Lovely light &amp; colours</p>',
        inReplyTo: `${publicUrl}/p/${postId}`,
        published: new Date().toISOString(),
        url: noteId,
        attributedTo: peer.actorUrl('bob'),
        to: [publicCollection],
        cc: [`${peer.actorUrl('bob')}/followers`, `${publicUrl}/users/alice`],
        sensitive: false,
        attachment: [],
        tag: [
          {
            type: 'Mention',
            href: `${publicUrl}/users/alice`,
            name: '@alice@photos.example',
          },
        ],
      },
    };
    expect((await peer.send('bob', inbox, create)).status).toBe(202);
    await expect.poll(async () => (await post()).comments_count, { timeout: 10_000 }).toBe(1);
    expect(await comments()).toMatchObject([
      { content: '@alice Lovely light & colours', author: { username: 'bob@pixelfed.example' } },
    ]);
    // Delivered twice (a retry), it is still one comment.
    await peer.send('bob', inbox, create);

    const del = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${noteId}#delete`,
      type: 'Delete',
      actor: peer.actorUrl('bob'),
      to: [publicCollection],
      object: { id: noteId, type: 'Tombstone' },
    };
    expect((await peer.send('bob', inbox, del)).status).toBe(202);
    await expect.poll(async () => (await post()).comments_count, { timeout: 10_000 }).toBe(0);
    expect(await comments()).toEqual([]);
  });

  it('sends Block (and Undo) to the server of a remote person a local one blocks', async () => {
    const bob = await server.request('/api/profiles/by-username/bob@pixelfed.example', {
      token: alice.token,
    });
    expect(bob.status).toBe(200);
    const bobId = bob.body.id as string;
    expect(
      (await server.request(`/api/profiles/${bobId}/block`, { method: 'PUT', token: alice.token }))
        .status,
    ).toBe(200);
    await expect.poll(() => peer.ofType('Block').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Block')[0]!.json).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: peer.actorUrl('bob'),
    });
    await server.request(`/api/profiles/${bobId}/block`, { method: 'DELETE', token: alice.token });
    await expect.poll(() => peer.ofType('Undo').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Undo')[0]!.json.object).toMatchObject({ type: 'Block' });
  });

  it('takes a Block from a remote person: each is hidden from the other', async () => {
    const visible = () =>
      server.request('/api/profiles/by-username/bob@pixelfed.example', { token: alice.token });
    expect((await visible()).status).toBe(200);
    const block = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUrl('bob')}#blocks/1`,
      type: 'Block',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    };
    expect((await peer.send('bob', inbox, block)).status).toBe(202);
    await expect.poll(async () => (await visible()).status, { timeout: 10_000 }).toBe(404);
    const undo = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUrl('bob')}#blocks/1/undo`,
      type: 'Undo',
      actor: peer.actorUrl('bob'),
      object: block,
    };
    expect((await peer.send('bob', inbox, undo)).status).toBe(202);
    await expect.poll(async () => (await visible()).status, { timeout: 10_000 }).toBe(200);
  });

  it('drops a Like of a post that is not there instead of retrying it', async () => {
    const like = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.actorUrl('bob')}#likes/gone`,
      type: 'Like',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/p/0000-no-such-post`,
    };
    expect((await peer.send('bob', inbox, like)).status).toBe(202);
    const queued = async () =>
      (await server.context.database.db.selectFrom('federation_queue').selectAll().execute())
        .length;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await queued()).toBe(0);
  });
});
