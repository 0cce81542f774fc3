import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '@pinhole/contracts';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';
import { followDirectly, knownRemotePerson } from './test/remote-people';

const publicUrl = 'https://photos.example';
const publicCollection = 'https://www.w3.org/ns/activitystreams#Public';
const poll = { timeout: 15_000, interval: 200 };

describe.each(dialects)('acting on remote posts on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let post: Post;
  let bobId: string;
  const noteId = `https://pixelfed.example/p/bob/${randomUUID()}`;

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('pixelfed.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    bobId = await knownRemotePerson(server, peer, 'bob');
    await followDirectly(server, alice.id, bobId);
    peer.serveFile('/storage/one.jpg', await makeJpeg(), 'image/jpeg');
    // Pixelfed's shape: an Image attachment, the post page as the Note's id.
    const note = {
      id: noteId,
      type: 'Note',
      content: '<p>Pier at dawn</p>',
      url: noteId,
      attributedTo: peer.actorUrl('bob'),
      published: new Date().toISOString(),
      to: [publicCollection],
      cc: [`${peer.actorUrl('bob')}/followers`],
      attachment: [
        {
          type: 'Image',
          mediaType: 'image/jpeg',
          url: `${peer.origin}/storage/one.jpg`,
          name: 'A pier',
        },
      ],
    };
    await peer.send('bob', `${publicUrl}/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${noteId}/activity`,
      type: 'Create',
      actor: peer.actorUrl('bob'),
      to: note.to,
      cc: note.cc,
      object: note,
    });
    const find = async () =>
      (
        (await server.request('/api/posts?feed=following', { token: alice.token })).body
          .posts as Post[]
      ).find((one) => one.remote_url === noteId);
    for (let waited = 0; waited < poll.timeout; waited += poll.interval) {
      const found = await find();
      if (found) {
        post = found;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, poll.interval));
    }
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it("sends a like and its undo to the author's server", async () => {
    expect(post).toBeDefined();
    const like = await server.request(`/api/posts/${post.id}/like`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(like.status).toBe(200);
    await expect.poll(() => peer.ofType('Like').length, poll).toBe(1);
    expect(peer.ofType('Like')[0]!.json).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: noteId,
    });
    await server.request(`/api/posts/${post.id}/like`, { method: 'DELETE', token: alice.token });
    await expect.poll(() => peer.ofType('Undo').length, poll).toBe(1);
    expect(peer.ofType('Undo')[0]!.json.object).toMatchObject({
      type: 'Like',
      id: peer.ofType('Like')[0]!.json.id,
    });
  });

  it('sends a like after an unlike as a new Like, which a server dropping repeats still takes', async () => {
    const again = await server.request(`/api/posts/${post.id}/like`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(again.status).toBe(200);
    await expect.poll(() => peer.ofType('Like').length, poll).toBe(2);
    const [first, second] = peer.ofType('Like').map((activity) => activity.json.id);
    expect(second).not.toBe(first);
    await server.request(`/api/posts/${post.id}/like`, { method: 'DELETE', token: alice.token });
    await expect.poll(() => peer.ofType('Undo').length, poll).toBe(2);
    expect(peer.ofType('Undo')[1]!.json.object).toMatchObject({ type: 'Like', id: second });
  });

  it('sends a comment as a reply to the Note, and keeps a save here', async () => {
    const comment = await server.request(`/api/posts/${post.id}/comments`, {
      method: 'POST',
      token: alice.token,
      json: { content: '@bob@pixelfed.example What a morning' },
    });
    expect(comment.status).toBe(201);
    // A mention of a known remote person links to them, as a local one does.
    expect(comment.body.mentions).toEqual([{ id: bobId, username: 'bob@pixelfed.example' }]);
    await expect.poll(() => peer.ofType('Create').length, poll).toBe(1);
    const created = peer.ofType('Create')[0]!.json;
    expect(created).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: {
        type: 'Note',
        inReplyTo: noteId,
        content: '<p>@bob@pixelfed.example What a morning</p>',
        attributedTo: `${publicUrl}/users/alice`,
      },
    });
    const saved = await server.request(`/api/posts/${post.id}/save`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(saved.body).toEqual({ saved: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peer.received.map((activity) => activity.type)).toEqual([
      'Like',
      'Undo',
      'Like',
      'Undo',
      'Create',
    ]);
  });

  it('writes no notification row for the remote author (of a like, of a mention), who is told by their own server', async () => {
    const like = await server.request(`/api/posts/${post.id}/like`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(like.body.likes_count).toBe(1);
    // The notification would be written with the like, before the answer: nothing to wait for.
    const told = await server.context.database.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', bobId)
      .execute();
    expect(told).toEqual([]);
  });
});
