import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser, startTestServer } from '../test/harness';
import { dialects, makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { HostRouter } from './test/host-router';
import { startFederatedServer } from './test/federated-server';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const asContext = 'https://www.w3.org/ns/activitystreams';

describe.each(dialects)('domain blocks on %s', (dialect) => {
  let federated: Awaited<ReturnType<typeof startFederatedServer>>;
  let router: HostRouter;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let subPeer: ReferencePeer;
  let admin: TestUser;
  let alice: TestUser;
  let alicePost: string;
  const inbox = `${publicUrl}/inbox`;

  const get = (url: string, user: TestUser | null = alice) =>
    server.request(url, user ? { token: user.token } : {});
  const put = (domain: string, json: unknown, user: TestUser = admin) =>
    server.request(`/api/admin/domains/${domain}`, { method: 'PUT', token: user.token, json });
  const remove = (domain: string, user: TestUser = admin) =>
    server.request(`/api/admin/domains/${domain}`, { method: 'DELETE', token: user.token });
  const counts = async () => {
    const post = (await get(`/api/posts/${alicePost}`)).body;
    const profile = (await get('/api/profiles/by-username/alice')).body;
    return {
      likes: post.likes_count as number,
      comments: post.comments_count as number,
      followers: profile.followers_count as number,
    };
  };
  const like = (who: ReferencePeer, name: string) => ({
    '@context': asContext,
    id: `${who.actorUrl(name)}#likes/${randomUUID()}`,
    type: 'Like',
    actor: who.actorUrl(name),
    object: `${publicUrl}/p/${alicePost}`,
  });

  /** A post by a remote person, as arriving posts are stored: a post of their profile. */
  async function remotePost(profileId: string, caption: string): Promise<string> {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-remote-post-'));
    const file = path.join(folder, 'photo.jpg');
    fs.writeFileSync(file, await makeJpeg(64, 64));
    const post = await server.context.services.createPost.create(profileId, {
      photos: [{ file, altText: null }],
      caption,
    });
    fs.rmSync(folder, { recursive: true, force: true });
    return post.id;
  }

  beforeAll(async () => {
    federated = await startFederatedServer(dialect);
    ({ server, router } = federated);
    peer = new ReferencePeer('peer.example', router);
    subPeer = new ReferencePeer('art.peer.example', router);
    await peer.addPerson('bob');
    await subPeer.addPerson('zoe');
    await peer.start();
    await subPeer.start();
    admin = await signUpUser(server, { username: 'moderator' });
    alice = await signUpUser(server, { username: 'alice' });
    alicePost = (await uploadPost(server, alice, await makeJpeg(), { caption: 'Tide' })).body
      .id as string;
  });
  afterAll(async () => {
    await peer.stop();
    await subPeer.stop();
    await federated.close();
  });

  it('lets only admins list, add and remove blocks, with a checked domain', async () => {
    expect((await put('spam.example', { severity: 'silence' }, alice)).status).toBe(403);
    expect((await get('/api/admin/domains')).status).toBe(403);
    expect((await put('not a domain', { severity: 'silence' })).status).toBe(400);
    expect((await put('spam.example', { severity: 'mute' })).status).toBe(400);
    // This instance's own domain, or one that covers it, is no block to make.
    expect((await put('photos.example', { severity: 'suspend' })).status).toBe(400);
    expect((await put('example', { severity: 'silence' })).status).toBe(400);
    const added = await put('Spam.Example', { severity: 'silence', reason: 'Bot farm' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ domain: 'spam.example', severity: 'silence' });
    const listed = await get('/api/admin/domains', admin);
    expect(listed.body.domains).toEqual([
      {
        domain: 'spam.example',
        severity: 'silence',
        reason: 'Bot farm',
        created_at: expect.any(String),
      },
    ]);
    expect((await remove('spam.example', alice)).status).toBe(403);
    expect((await remove('spam.example')).status).toBe(204);
    expect((await remove('spam.example')).status).toBe(404);
    expect((await get('/api/admin/domains', admin)).body.domains).toEqual([]);
    const audit = await get('/api/admin/audit', admin);
    expect(audit.body.entries.map((entry: { action: string }) => entry.action).slice(0, 2)).toEqual(
      ['domain.unblock', 'domain.silence'],
    );
  });

  it('suspends a server: refused at the inbox, its people, posts, likes, comments and follows gone, nothing sent', async () => {
    // Bob (and Zoe on a subdomain) follow Alice and like her post; Bob comments on it.
    for (const [who, name] of [
      [peer, 'bob'],
      [subPeer, 'zoe'],
    ] as const) {
      const follow = {
        '@context': asContext,
        id: `${who.origin}/${randomUUID()}`,
        type: 'Follow',
        actor: who.actorUrl(name),
        object: `${publicUrl}/users/alice`,
      };
      expect((await who.send(name, inbox, follow)).status).toBe(202);
      expect((await who.send(name, inbox, like(who, name))).status).toBe(202);
    }
    const noteId = `${peer.origin}/notes/${randomUUID()}`;
    const reply = {
      '@context': asContext,
      id: `${noteId}/activity`,
      type: 'Create',
      actor: peer.actorUrl('bob'),
      object: {
        id: noteId,
        type: 'Note',
        content: '<p>Lovely</p>',
        inReplyTo: `${publicUrl}/p/${alicePost}`,
        attributedTo: peer.actorUrl('bob'),
        to: ['https://www.w3.org/ns/activitystreams#Public'],
      },
    };
    expect((await peer.send('bob', inbox, reply)).status).toBe(202);
    await expect.poll(counts, { timeout: 15_000 }).toEqual({ likes: 2, comments: 1, followers: 2 });
    const bob = await get('/api/profiles/by-username/bob@peer.example');
    expect(bob.status).toBe(200);
    const bobPost = await remotePost(bob.body.id as string, 'Low tide #tidepool');
    expect((await get(`/api/posts/${bobPost}`)).status).toBe(200);
    const tagged = async () =>
      (await get('/api/hashtags/tidepool/posts')).body.posts.map((p: { id: string }) => p.id);
    expect(await tagged()).toEqual([bobPost]);
    await expect.poll(() => peer.ofType('Accept').length, { timeout: 10_000 }).toBe(1);

    expect((await put('peer.example', { severity: 'suspend', reason: 'Harassment' })).status).toBe(
      200,
    );

    // Gone from every page and count at once, the subdomain's people too.
    expect(await counts()).toEqual({ likes: 0, comments: 0, followers: 0 });
    expect((await get('/api/profiles/by-username/bob@peer.example')).status).toBe(404);
    expect((await get('/api/profiles/by-username/zoe@art.peer.example')).status).toBe(404);
    expect((await get(`/api/profiles/${bob.body.id}`)).status).toBe(404);
    expect((await get(`/api/posts/${bobPost}`)).status).toBe(404);
    expect((await get(`/api/posts/${alicePost}/comments`)).body.comments).toEqual([]);
    expect(await tagged()).toEqual([]);

    // Refused at the inbox, storing nothing, from the domain and its subdomains.
    expect((await peer.send('bob', inbox, like(peer, 'bob'))).status).toBe(403);
    expect((await subPeer.send('zoe', inbox, like(subPeer, 'zoe'))).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await counts()).likes).toBe(0);

    // Nothing is delivered: Alice's new post reaches no one there.
    const before = peer.received.length + subPeer.received.length;
    expect((await uploadPost(server, alice, await makeJpeg(), { caption: 'More' })).status).toBe(
      201,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.received.length + subPeer.received.length).toBe(before);

    // Lifting the block shows the people and their posts again; what was removed stays removed.
    expect((await remove('peer.example')).status).toBe(204);
    expect((await get('/api/profiles/by-username/bob@peer.example')).status).toBe(200);
    expect((await get(`/api/posts/${bobPost}`)).status).toBe(200);
    expect(await tagged()).toEqual([bobPost]);
    expect(await counts()).toEqual({ likes: 0, comments: 0, followers: 0 });
    expect((await peer.send('bob', inbox, like(peer, 'bob'))).status).toBe(202);
    await expect.poll(async () => (await counts()).likes, { timeout: 10_000 }).toBe(1);
  });

  it('silences a server: its posts leave explore and hashtag pages, not its profile', async () => {
    const bob = await get('/api/profiles/by-username/bob@peer.example');
    const bobPost = await remotePost(bob.body.id as string, 'Quiet #hushed');
    const explore = async () =>
      (await get('/api/explore')).body.posts.map((p: { id: string }) => p.id);
    const hashtag = async () =>
      (await get('/api/hashtags/hushed/posts')).body.posts.map((p: { id: string }) => p.id);
    expect(await hashtag()).toEqual([bobPost]);
    expect(await explore()).toContain(bobPost);

    expect((await put('peer.example', { severity: 'silence' })).status).toBe(200);
    expect(await hashtag()).toEqual([]);
    expect(await explore()).not.toContain(bobPost);
    expect(await explore()).toContain(alicePost);
    expect((await get(`/api/posts/${bobPost}`)).status).toBe(200);
    expect((await get('/api/profiles/by-username/bob@peer.example')).status).toBe(200);

    expect((await remove('peer.example')).status).toBe(204);
    expect(await hashtag()).toEqual([bobPost]);
  });

  it('keeps people hidden while a block of a parent or subdomain still suspends them', async () => {
    const visible = async (username: string) =>
      (await get(`/api/profiles/by-username/${username}`)).status;
    expect((await put('peer.example', { severity: 'suspend' })).status).toBe(200);
    expect((await put('art.peer.example', { severity: 'suspend' })).status).toBe(200);
    expect((await remove('peer.example')).status).toBe(204);
    expect(await visible('bob@peer.example')).toBe(200);
    expect(await visible('zoe@art.peer.example')).toBe(404);
    expect((await put('peer.example', { severity: 'suspend' })).status).toBe(200);
    expect((await put('peer.example', { severity: 'silence' })).status).toBe(200);
    expect(await visible('bob@peer.example')).toBe(200);
    expect(await visible('zoe@art.peer.example')).toBe(404);
    expect((await remove('art.peer.example')).status).toBe(204);
    expect(await visible('zoe@art.peer.example')).toBe(200);
    expect((await remove('peer.example')).status).toBe(204);
  });
});
