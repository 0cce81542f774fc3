import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';

type Json = Record<string, any>;

describe.each(dialects)('outbox and collections on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let carol: TestUser;
  const posts: string[] = [];

  const get = async (who: string | null, url: string) => {
    const response = await peer.get(who, url);
    return { status: response.status, json: (response.ok ? await response.json() : null) as Json };
  };
  const follow = (who: string, target: string) =>
    peer.send(who, `${publicUrl}/users/${target}/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl(who),
      object: `${publicUrl}/users/${target}`,
    });

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    for (const name of ['bob', 'dave']) await peer.addPerson(name);
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    carol = await signUpUser(server, { username: 'carol' });
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: carol.token,
      json: { is_private: true },
    });
    for (const caption of ['First', 'Second']) {
      posts.push((await uploadPost(server, alice, await makeJpeg(), { caption })).body.id);
    }
    await uploadPost(server, carol, await makeJpeg(), { caption: 'Secret' });
    await server.request(`/api/profiles/${alice.id}/follow`, { method: 'PUT', token: carol.token });
    await follow('bob', 'alice');
    await vi.waitFor(() => expect(peer.ofType('Accept')).toHaveLength(1), { timeout: 10_000 });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it("pages a public person's posts as Create activities in the outbox, newest first", async () => {
    const outbox = await get(null, `${publicUrl}/users/alice/outbox`);
    expect(outbox.status).toBe(200);
    expect(outbox.json).toMatchObject({ type: 'OrderedCollection', totalItems: 2 });
    const first = await get(null, outbox.json.first as string);
    expect(first.json.type).toBe('OrderedCollectionPage');
    const items = first.json.orderedItems as Json[];
    expect(items.map((item) => [item.type, item.object.id])).toEqual([
      ['Create', `${publicUrl}/p/${posts[1]}`],
      ['Create', `${publicUrl}/p/${posts[0]}`],
    ]);
    expect(items[0]!.object.content).toContain('Second');
  });

  it('lists followers and following with their sizes', async () => {
    const followers = await get(null, `${publicUrl}/users/alice/followers`);
    expect(followers.json).toMatchObject({ totalItems: 2 });
    const page = await get(null, followers.json.first as string);
    expect(page.json.orderedItems).toEqual([peer.actorUrl('bob'), `${publicUrl}/users/carol`]);
    const following = await get(null, `${publicUrl}/users/carol/following`);
    // carol is private: her collections are not for an unsigned fetch.
    expect(following.status).toBe(401);
  });

  it("shows a private person's outbox and collections only to a signed fetch by a follower", async () => {
    const paths = ['outbox', 'followers', 'following'].map((c) => `${publicUrl}/users/carol/${c}`);
    for (const url of paths) {
      expect((await get(null, url)).status).toBe(401);
      expect((await get('bob', url)).status).toBe(401);
    }
    await follow('dave', 'carol');
    const requests = async () =>
      (await server.request('/api/me/follow-requests', { token: carol.token })).body.profiles as {
        id: string;
      }[];
    await expect.poll(async () => (await requests()).length, { timeout: 10_000 }).toBe(1);
    const [dave] = await requests();
    await server.request(`/api/me/follow-requests/${dave!.id}/approve`, {
      method: 'POST',
      token: carol.token,
    });
    for (const url of paths) expect((await get('dave', url)).status).toBe(200);
    const outbox = await get('dave', paths[0]!);
    expect(outbox.json.totalItems).toBe(1);
    const first = await get('dave', outbox.json.first as string);
    expect(first.json.orderedItems[0].object.content).toContain('Secret');
    expect((await get('bob', paths[0]!)).status).toBe(401);
  });
});
