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
const context = [
  'https://www.w3.org/ns/activitystreams',
  { toot: 'http://joinmastodon.org/ns#', blurhash: 'toot:blurhash' },
];
const poll = { timeout: 15_000, interval: 200 };

describe.each(dialects)('remote posts arriving on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let bobId: string;
  const inbox = `${publicUrl}/inbox`;

  /** A Note of bob's, as Mastodon writes it, with `photos` (paths on the peer) attached. */
  function noteOf(photos: string[], content: string, extra: Record<string, unknown> = {}) {
    const id = `${peer.origin}/users/bob/statuses/${randomUUID()}`;
    return {
      id,
      type: 'Note',
      attributedTo: peer.actorUrl('bob'),
      content,
      url: `${peer.origin}/@bob/${id.split('/').pop()}`,
      published: new Date().toISOString(),
      to: [publicCollection],
      cc: [`${peer.actorUrl('bob')}/followers`],
      attachment: photos.map((path, index) => ({
        type: 'Document',
        mediaType: 'image/jpeg',
        url: `${peer.origin}${path}`,
        name: `Photo ${index + 1}`,
        width: 800,
        height: 600,
        blurhash: 'LGF5]+Yk^6#M@-5c,1J5@[or[Q6.',
      })),
      tag: [{ type: 'Hashtag', href: `${peer.origin}/tags/harbour`, name: '#harbour' }],
      ...extra,
    };
  }

  const create = (note: Record<string, unknown>) => ({
    '@context': context,
    id: `${note.id as string}/activity`,
    type: 'Create',
    actor: peer.actorUrl('bob'),
    to: note.to,
    cc: note.cc,
    object: note,
  });

  const feed = async () =>
    (await server.request('/api/posts?feed=following', { token: alice.token })).body
      .posts as Post[];
  const remotePost = async (noteUrl: string) =>
    (await feed()).find((post) => post.remote_url?.endsWith(noteUrl.split('/').pop()!));

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('mastodon.example', router);
    await peer.addPerson('bob');
    await peer.addPerson('carol');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    bobId = await knownRemotePerson(server, peer, 'bob');
    await followDirectly(server, alice.id, bobId);
    peer.serveFile('/media/one.jpg', await makeJpeg(800, 600), 'image/jpeg');
    peer.serveFile('/media/two.jpg', await makeJpeg(600, 800), 'image/jpeg');
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it("makes a followed person's Note with photos a post: feed, profile, hashtag, explore", async () => {
    const note = noteOf(
      ['/media/one.jpg', '/media/two.jpg'],
      '<p>Evening at the <a href="https://mastodon.example/tags/harbour" class="mention hashtag" rel="tag">#<span>harbour</span></a> &amp; more</p>',
    );
    expect((await peer.send('bob', inbox, create(note))).status).toBe(202);
    await expect.poll(() => remotePost(note.url), poll).toBeDefined();
    const arrived = (await remotePost(note.url))!;
    expect(arrived).toMatchObject({
      is_remote: true,
      remote_url: note.url,
      caption: 'Evening at the #harbour & more',
      hashtags: ['harbour'],
      author: { id: bobId, username: 'bob@mastodon.example' },
    });
    expect(arrived.images.map((image) => image.alt_text)).toEqual(['Photo 1', 'Photo 2']);
    expect(arrived.images.every((image) => image.placeholder !== null)).toBe(true);

    // The photos are copied here: our storage serves them, cleaned and resized.
    await expect
      .poll(
        async () => (await remotePost(note.url))?.images.every((image) => image.url !== ''),
        poll,
      )
      .toBe(true);
    const copied = (await remotePost(note.url))!;
    expect(copied.images[1]).toMatchObject({ width: 600, height: 800 });
    for (const image of copied.images) {
      expect(image.url).toMatch(/^\/storage\/user-uploads\/.+\/remote-media\//);
      expect(image.variants.length).toBeGreaterThan(0);
      const file = await server.request(image.url);
      expect(file.status).toBe(200);
    }

    const profile = await server.request(`/api/profiles/${bobId}/posts`, { token: alice.token });
    expect((profile.body.posts as Post[]).map((post) => post.id)).toContain(copied.id);
    const tag = await server.request('/api/hashtags/harbour/posts', { token: alice.token });
    expect((tag.body.posts as Post[]).map((post) => post.id)).toContain(copied.id);
    const explore = await server.request('/api/explore', { token: alice.token });
    expect((explore.body.posts as Post[]).map((post) => post.id)).toContain(copied.id);

    // It is bob's server's Note, not one of ours, nor one of this instance's posts.
    const asNote = await server.request(`/p/${copied.id}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(asNote.text).not.toContain('"Note"');
    expect((await server.request('/api/instance')).body.stats).toMatchObject({ posts: 0 });

    // Delivered again (a retry), it is still one post.
    await peer.send('bob', inbox, create(note));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await feed()).filter((post) => post.remote_url === note.url)).toHaveLength(1);
  });

  it('leaves out Notes without photos and Notes of people nobody here follows', async () => {
    const textOnly = noteOf([], '<p>Just words</p>');
    expect((await peer.send('bob', inbox, create(textOnly))).status).toBe(202);
    await knownRemotePerson(server, peer, 'carol');
    const stranger = {
      ...noteOf(['/media/one.jpg'], '<p>From carol</p>'),
      attributedTo: peer.actorUrl('carol'),
    };
    const fromCarol = { ...create(stranger), actor: peer.actorUrl('carol') };
    expect((await peer.send('carol', inbox, fromCarol)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = await server.context.database.db
      .selectFrom('remote_posts')
      .select('note_url')
      .execute();
    const stored = rows.map((row) => row.note_url);
    expect(stored).not.toContain(textOnly.id);
    expect(stored).not.toContain(stranger.id);
  });

  it('shows a followers-only Note to followers here, in their Following feed only', async () => {
    const note = noteOf(['/media/one.jpg'], '<p>Only for followers #harbour</p>', {
      to: [`${peer.actorUrl('bob')}/followers`],
      cc: [],
    });
    await peer.send('bob', inbox, create(note));
    await expect.poll(() => remotePost(note.url), poll).toBeDefined();
    const post = (await remotePost(note.url))!;
    expect((await server.request(`/api/posts/${post.id}`, { token: alice.token })).status).toBe(
      200,
    );
    const stranger = await signUpUser(server, { username: 'stranger' });
    expect((await server.request(`/api/posts/${post.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await server.request(`/api/posts/${post.id}`)).status).toBe(404);
    const like = await server.request(`/api/posts/${post.id}/like`, {
      method: 'PUT',
      token: stranger.token,
    });
    expect(like.status).toBe(404);
    const lists = [
      `/api/profiles/${bobId}/posts`,
      '/api/hashtags/harbour/posts',
      '/api/explore',
      '/api/posts',
    ];
    for (const list of lists) {
      const ids = ((await server.request(list, { token: alice.token })).body.posts as Post[]).map(
        (one) => one.id,
      );
      expect(ids, list).not.toContain(post.id);
    }
  });

  it("writes Mastodon's mentions as @user@host, or @username for people here, who are told", async () => {
    await knownRemotePerson(server, peer, 'carol');
    const note = noteOf(
      ['/media/one.jpg'],
      '<p><span class="h-card"><a href="https://photos.example/@alice" class="u-url mention">@<span>alice</span></a></span> ' +
        'and <span class="h-card"><a href="https://mastodon.example/@carol" class="u-url mention">@<span>carol</span></a></span></p>',
      {
        cc: [`${peer.actorUrl('bob')}/followers`, `${publicUrl}/users/alice`],
        tag: [
          { type: 'Mention', href: `${publicUrl}/users/alice`, name: '@alice@photos.example' },
          { type: 'Mention', href: peer.actorUrl('carol'), name: '@carol@mastodon.example' },
        ],
      },
    );
    await peer.send('bob', inbox, create(note));
    await expect.poll(() => remotePost(note.url), poll).toBeDefined();
    const post = (await remotePost(note.url))!;
    expect(post.caption).toBe('@alice and @carol@mastodon.example');
    expect(post.mentions.map((person) => person.username)).toEqual([
      'alice',
      'carol@mastodon.example',
    ]);
    const notifications = async () =>
      (await server.request('/api/notifications', { token: alice.token })).body.notifications as {
        type: string;
        post?: { id: string } | null;
      }[];
    await expect
      .poll(async () => (await notifications()).some((one) => one.type === 'mention'), poll)
      .toBe(true);
  });

  it('takes a Note of someone nobody follows when it is addressed to someone here', async () => {
    const note = {
      ...noteOf(['/media/one.jpg'], '<p>For alice</p>'),
      attributedTo: peer.actorUrl('carol'),
      cc: [`${publicUrl}/users/alice`],
    };
    await peer.send('carol', inbox, { ...create(note), actor: peer.actorUrl('carol') });
    const carolId = await knownRemotePerson(server, peer, 'carol');
    const grid = async () =>
      (await server.request(`/api/profiles/${carolId}/posts`, { token: alice.token })).body
        .posts as Post[];
    await expect
      .poll(async () => (await grid()).map((post) => post.caption), poll)
      .toEqual(['For alice']);
  });

  it('keeps the placeholder, without retrying, for a file that is no image', async () => {
    peer.serveFile('/media/not-a-photo.jpg', 'just text', 'image/jpeg');
    const note = noteOf(['/media/not-a-photo.jpg'], '<p>Broken</p>');
    await peer.send('bob', inbox, create(note));
    await expect.poll(() => remotePost(note.url), poll).toBeDefined();
    await expect.poll(() => peer.fetched.get('/media/not-a-photo.jpg') ?? 0, poll).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(peer.fetched.get('/media/not-a-photo.jpg')).toBe(1);
    const post = (await remotePost(note.url))!;
    expect(post.images[0]).toMatchObject({ url: '', variants: [] });
    expect(post.images[0]!.placeholder).toEqual(expect.any(String));
  });

  it('shows a placeholder while a photo cannot be fetched, and retries it', async () => {
    peer.serveFile('/media/later.jpg', '', 'text/plain', 503);
    const note = noteOf(['/media/later.jpg'], '<p>Flaky server</p>');
    await peer.send('bob', inbox, create(note));
    await expect.poll(() => remotePost(note.url), poll).toBeDefined();
    await expect.poll(() => peer.fetched.get('/media/later.jpg') ?? 0, poll).toBeGreaterThan(0);
    const waiting = (await remotePost(note.url))!;
    expect(waiting.images[0]).toMatchObject({ url: '', variants: [] });
    expect(waiting.image_url).toBe('');
    expect(waiting.images[0]!.placeholder).toEqual(expect.any(String));

    peer.serveFile('/media/later.jpg', await makeJpeg(400, 300), 'image/jpeg');
    await expect
      .poll(async () => (await remotePost(note.url))?.images[0]?.url, { ...poll, timeout: 20_000 })
      .toMatch(/remote-media/);
    expect(peer.fetched.get('/media/later.jpg')).toBeGreaterThanOrEqual(2);
  });

  it('takes an Update (new caption and alt text) and a Delete (post and files gone)', async () => {
    const note = noteOf(['/media/one.jpg'], '<p>First words</p>');
    await peer.send('bob', inbox, create(note));
    await expect
      .poll(async () => (await remotePost(note.url))?.images[0]?.url, poll)
      .toMatch(/remote-media/);
    const stored = (await remotePost(note.url))!;
    const update = {
      '@context': context,
      id: `${note.id}#updates/1`,
      type: 'Update',
      actor: peer.actorUrl('bob'),
      to: note.to,
      object: {
        ...note,
        content: '<p>Second words</p>',
        attachment: [{ ...note.attachment[0], name: 'A boat' }],
      },
    };
    expect((await peer.send('bob', inbox, update)).status).toBe(202);
    await expect.poll(async () => (await remotePost(note.url))?.caption, poll).toBe('Second words');
    const updated = (await remotePost(note.url))!;
    expect(updated.images[0]).toMatchObject({ alt_text: 'A boat', url: stored.images[0]!.url });
    expect(updated.edited_at).not.toBeNull();

    const del = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${note.id}#delete`,
      type: 'Delete',
      actor: peer.actorUrl('bob'),
      to: [publicCollection],
      object: { id: note.id, type: 'Tombstone' },
    };
    expect((await peer.send('bob', inbox, del)).status).toBe(202);
    await expect.poll(() => remotePost(note.url), poll).toBeUndefined();
    await expect
      .poll(async () => (await server.request(stored.images[0]!.url)).status, poll)
      .toBe(404);
  });

  it('removes copies past their retention and fetches them again when next viewed', async () => {
    const note = noteOf(['/media/two.jpg'], '<p>Old one</p>');
    await peer.send('bob', inbox, create(note));
    await expect
      .poll(async () => (await remotePost(note.url))?.images[0]?.url, poll)
      .toMatch(/remote-media/);
    const copied = (await remotePost(note.url))!;
    const fetchedBefore = peer.fetched.get('/media/two.jpg') ?? 0;
    const later = Date.now() + 31 * 24 * 60 * 60_000;
    expect(await server.context.services.remoteMedia.removeExpired(later)).toBeGreaterThan(0);
    expect((await server.request(copied.images[0]!.url)).status).toBe(404);
    // The next view shows the placeholder, and queues the photo again.
    await expect.poll(async () => (await remotePost(note.url))?.images[0]?.url, poll).toBe('');
    server.context.services.remoteMedia.kick();
    await expect
      .poll(
        async () => {
          server.context.services.remoteMedia.kick();
          return (await remotePost(note.url))?.images[0]?.url;
        },
        { ...poll, timeout: 20_000 },
      )
      .toMatch(/remote-media/);
    expect(peer.fetched.get('/media/two.jpg')).toBeGreaterThan(fetchedBefore);
  });
});
