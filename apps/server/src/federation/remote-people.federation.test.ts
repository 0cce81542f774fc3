import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
} from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer, peerCounts } from './test/reference-peer';

const publicUrl = 'https://photos.example';

describe.each(dialects)('finding and following people of another server on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;

  const search = async (q: string, token?: string) =>
    (await server.request(`/api/search?q=${encodeURIComponent(q)}`, { token })).body as {
      profiles: { id: string; username: string; is_remote: boolean }[];
    };
  const profile = (username: string, token = alice.token) =>
    server.request(`/api/profiles/by-username/${encodeURIComponent(username)}`, { token });

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    for (const name of ['bob', 'dora', 'pix', 'rex']) await peer.addPerson(name);
    peer.avatar = await makeJpeg(400, 300);
    peer.answerFollows('bob', 'accept');
    peer.answerFollows('pix', 'accept-new-id');
    peer.answerFollows('rex', 'reject');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('finds @user@host through WebFinger, first in the results, as the remote person', async () => {
    const found = await search('@Bob@peer.example', alice.token);
    expect(found.profiles[0]).toMatchObject({ username: 'bob@peer.example', is_remote: true });
    // Found again without the `@`, from what was kept: their server is not asked for a day.
    const asked = peer.requested.length;
    const again = await search('bob@peer.example', alice.token);
    expect(again.profiles[0]?.id).toBe(found.profiles[0]?.id);
    expect(peer.requested.slice(asked)).toEqual([]);
  });

  it('looks nothing up for people not signed in, and an unknown person is just no result', async () => {
    expect((await search('@dora@peer.example')).profiles).toEqual([]);
    expect((await search('@nobody@peer.example', alice.token)).profiles).toEqual([]);
    // A server that is down: the local results only.
    expect((await search('@x@gone.example', alice.token)).profiles).toEqual([]);
  });

  it('finds the author of a post URL and the person of a profile URL', async () => {
    // As long as the post URLs of some servers (a search of 64 characters was too short).
    const note = peer.addNote('dora', `n1-${'0123456789'.repeat(8)}`, '<p>Hello from dora</p>');
    const byNote = await search(note, alice.token);
    expect(byNote.profiles[0]?.username).toBe('dora@peer.example');
    const byActor = await search(peer.actorUrl('dora'), alice.token);
    expect(byActor.profiles[0]?.id).toBe(byNote.profiles[0]?.id);
  });

  it('opens a remote profile by user@host with the counts their server reports', async () => {
    const response = await profile('Pix@peer.example');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      username: 'pix@peer.example',
      full_name: 'pix of peer.example',
      bio: 'I post on peer.example',
      is_remote: true,
      remote_url: 'https://peer.example/@pix',
      followers_count: peerCounts.followers,
      following_count: peerCounts.following,
      posts_count: peerCounts.posts,
    });
    // Their picture is ours to serve: fetched once, made into our avatar variants.
    const avatarUrl = response.body.avatar_url as string;
    expect(avatarUrl).toMatch(/^\/storage\/.*avatars/);
    const picture = await server.request(avatarUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect((await profile('ghost@peer.example')).status).toBe(404);
    expect((await profile('ghost@gone.example')).status).toBe(404);
  });

  it('follows: Requested until their server accepts, then following; unfollow sends Undo', async () => {
    const bob = (await profile('bob@peer.example')).body as { id: string; followers_count: number };
    const asked = await server.request(`/api/profiles/${bob.id}/follow`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(asked.body).toEqual({
      following: false,
      requested: true,
      followers_count: peerCounts.followers,
    });
    await expect.poll(() => peer.ofType('Follow').length, { timeout: 10_000 }).toBe(1);
    const follow = peer.ofType('Follow')[0]!.json;
    expect(follow).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: peer.actorUrl('bob'),
    });
    await expect
      .poll(async () => (await profile('bob@peer.example')).body.followed_by_me, {
        timeout: 10_000,
      })
      .toBe(true);
    const followed = (await profile('bob@peer.example')).body;
    expect(followed).toMatchObject({
      requested_by_me: false,
      followers_count: peerCounts.followers + 1,
    });
    const following = await server.request(`/api/profiles/${alice.id}/following`, {
      token: alice.token,
    });
    expect(following.body.profiles.map((p: { username: string }) => p.username)).toEqual([
      'bob@peer.example',
    ]);

    const undone = await server.request(`/api/profiles/${bob.id}/follow`, {
      method: 'DELETE',
      token: alice.token,
    });
    expect(undone.body).toMatchObject({ following: false, requested: false });
    await expect.poll(() => peer.ofType('Undo').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Undo')[0]!.json.object).toMatchObject({
      id: follow.id,
      type: 'Follow',
      actor: `${publicUrl}/users/alice`,
    });
    expect(peer.failures).toEqual([]);
  });

  it('takes an Accept naming a Follow of its own id, as Pixelfed sends it', async () => {
    const pix = (await profile('pix@peer.example')).body as { id: string };
    await server.request(`/api/profiles/${pix.id}/follow`, { method: 'PUT', token: alice.token });
    await expect
      .poll(async () => (await profile('pix@peer.example')).body.followed_by_me, {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('a Reject clears the request; withdrawing a pending one sends Undo', async () => {
    const rex = (await profile('rex@peer.example')).body as { id: string };
    const asked = await server.request(`/api/profiles/${rex.id}/follow`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(asked.body).toMatchObject({ following: false, requested: true });
    await expect
      .poll(async () => (await profile('rex@peer.example')).body.requested_by_me, {
        timeout: 10_000,
      })
      .toBe(false);
    expect((await profile('rex@peer.example')).body.followed_by_me).toBe(false);

    const dora = (await profile('dora@peer.example')).body as { id: string };
    await server.request(`/api/profiles/${dora.id}/follow`, { method: 'PUT', token: alice.token });
    expect((await profile('dora@peer.example')).body.requested_by_me).toBe(true);
    const undosBefore = peer.ofType('Undo').length;
    await server.request(`/api/profiles/${dora.id}/follow`, {
      method: 'DELETE',
      token: alice.token,
    });
    await expect.poll(() => peer.ofType('Undo').length, { timeout: 10_000 }).toBe(undosBefore + 1);
    expect((await profile('dora@peer.example')).body.requested_by_me).toBe(false);
  });
});
