import { randomUUID } from 'node:crypto';
import type { webcrypto } from 'node:crypto';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const asContext = 'https://www.w3.org/ns/activitystreams';

/** Mastodon's Follow, as its ActivityPub docs and its serializer write it. */
function mastodonFollow(peer: ReferencePeer, who: string, target: string) {
  return {
    '@context': asContext,
    id: `${peer.origin}/${randomUUID()}`,
    type: 'Follow',
    actor: peer.actorUrl(who),
    object: `${publicUrl}/users/${target}`,
  };
}

describe.each(dialects)('follows between a peer and Pinhole on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let carol: TestUser;

  const followersOf = async (username: string) =>
    (await server.request(`/api/profiles/by-username/${username}`)).body.followers_count as number;
  const inboxOf = (username: string) => `${publicUrl}/users/${username}/inbox`;

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    for (const name of ['bob', 'dave', 'erin']) await peer.addPerson(name);
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    carol = await signUpUser(server, { username: 'carol' });
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: carol.token,
      json: { is_private: true },
    });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('accepts a Follow of a public person at once, and Undo ends it', async () => {
    const follow = mastodonFollow(peer, 'bob', 'alice');
    // Signed by hand as Mastodon signs, dated now (the stale case below differs only in its date).
    const response = await peer.sendDated('bob', inboxOf('alice'), follow, new Date());
    expect(response.status).toBe(202);
    await expect.poll(() => peer.ofType('Accept').length, { timeout: 10_000 }).toBe(1);
    const accept = peer.ofType('Accept')[0]!.json;
    expect(accept.actor).toBe(`${publicUrl}/users/alice`);
    expect(accept.object).toMatchObject({
      id: follow.id,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    });
    expect(await followersOf('alice')).toBe(1);
    const followers = await server.request(`/api/profiles/${alice.id}/followers`, {
      token: alice.token,
    });
    expect(followers.body.profiles.map((p: { username: string }) => p.username)).toEqual([
      'bob@peer.example',
    ]);

    const undo = {
      '@context': asContext,
      id: `${peer.actorUrl('bob')}#follows/1/undo`,
      type: 'Undo',
      actor: peer.actorUrl('bob'),
      object: follow,
    };
    expect((await peer.send('bob', inboxOf('alice'), undo)).status).toBe(202);
    await expect.poll(() => followersOf('alice'), { timeout: 10_000 }).toBe(0);
  });

  it('makes a Follow of a private person a request: Accept on approval, Reject on decline', async () => {
    const fromDave = mastodonFollow(peer, 'dave', 'carol');
    const fromErin = mastodonFollow(peer, 'erin', 'carol');
    await peer.send('dave', inboxOf('carol'), fromDave);
    await peer.send('erin', inboxOf('carol'), fromErin);
    const requests = async () =>
      (await server.request('/api/me/follow-requests', { token: carol.token })).body.profiles as {
        id: string;
        username: string;
      }[];
    await expect.poll(async () => (await requests()).length, { timeout: 10_000 }).toBe(2);
    const byName = new Map((await requests()).map((p) => [p.username, p.id]));
    expect(await followersOf('carol')).toBe(0);
    const acceptsBefore = peer.ofType('Accept').length;

    const approved = await server.request(
      `/api/me/follow-requests/${byName.get('dave@peer.example')}/approve`,
      { method: 'POST', token: carol.token },
    );
    expect(approved.status).toBeLessThan(300);
    await expect
      .poll(() => peer.ofType('Accept').length, { timeout: 10_000 })
      .toBe(acceptsBefore + 1);
    expect(peer.ofType('Accept').at(-1)!.json.object).toMatchObject({ id: fromDave.id });
    expect(await followersOf('carol')).toBe(1);

    const declined = await server.request(
      `/api/me/follow-requests/${byName.get('erin@peer.example')}`,
      { method: 'DELETE', token: carol.token },
    );
    expect(declined.status).toBeLessThan(300);
    await expect.poll(() => peer.ofType('Reject').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Reject')[0]!.json.object).toMatchObject({
      id: fromErin.id,
      actor: peer.actorUrl('erin'),
    });
    expect(await followersOf('carol')).toBe(1);
  });

  it('refuses a tampered body, an unknown or wrong key, or a stale date with 401, storing nothing', async () => {
    const tampered = await peer.send(
      'bob',
      inboxOf('alice'),
      mastodonFollow(peer, 'bob', 'alice'),
      {
        tamper: (body) => body.replace('alice', 'carol'),
      },
    );
    expect(tampered.status).toBe(401);
    const stranger = (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')) as webcrypto.CryptoKeyPair;
    const unknownKey = await peer.send(
      'bob',
      inboxOf('alice'),
      mastodonFollow(peer, 'bob', 'alice'),
      { keyId: new URL(`${peer.origin}/users/ghost#main-key`), privateKey: stranger.privateKey },
    );
    expect(unknownKey.status).toBe(401);
    const wrongKey = await peer.send(
      'bob',
      inboxOf('alice'),
      mastodonFollow(peer, 'bob', 'alice'),
      {
        privateKey: stranger.privateKey,
      },
    );
    expect(wrongKey.status).toBe(401);
    const stale = await peer.sendDated(
      'bob',
      inboxOf('alice'),
      mastodonFollow(peer, 'bob', 'alice'),
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    expect(stale.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await followersOf('alice')).toBe(0);
    // bob, dave and erin are people here now, but not this instance's users.
    const nodeInfo = JSON.parse((await server.request('/nodeinfo/2.1')).text);
    expect(nodeInfo.usage.users.total).toBe(2);
  });
});
