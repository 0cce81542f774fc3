import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser } from '../test/harness';
import type { FederationRig, RigInstance } from './test/tls/rig';
import { startFederationRig } from './test/tls/rig';

interface Post {
  id: string;
  caption: string;
  remote_url: string | null;
  images: { url: string }[];
}

/** A post of photos through the API, as the web app makes one. */
async function postPhotos(instance: RigInstance, user: TestUser, caption: string, count: number) {
  const form = new FormData();
  form.append('caption', caption);
  for (let index = 0; index < count; index++) {
    const jpeg = new Uint8Array(await makeJpeg(640 - index * 40, 480));
    form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
  }
  const response = await instance.request('/api/posts', {
    method: 'POST',
    body: form,
    token: user.token,
  });
  expect(response.status).toBe(201);
  return response.body as Post;
}

const poll = { timeout: 10_000, interval: 200 };

/**
 * Two Pinhole instances as deployed (child processes behind TLS): bob on b finds alice on a,
 * follows her, sees her posts with their photos, likes and comments, and unfollows, all through
 * the API the web app uses.
 */
describe('a person of one Pinhole uses another Pinhole person, over TLS', () => {
  let rig: FederationRig;
  let a: RigInstance;
  let b: RigInstance;
  let alice: TestUser;
  let bob: TestUser;
  let aliceOnB: { id: string; username: string };
  let newPost: Post;

  const aliceProfileOnB = async () =>
    (
      await b.request(`/api/profiles/by-username/${encodeURIComponent(`alice@${a.host}`)}`, {
        token: bob.token,
      })
    ).body as {
      id: string;
      username: string;
      followed_by_me: boolean;
      requested_by_me: boolean;
    };
  const followersOfAlice = async () =>
    (await a.request('/api/profiles/by-username/alice')).body.followers_count as number;
  /** Whether every photo of the post is served from b's own storage. */
  const photosServedByB = async (post: Post | undefined) => {
    if (!post || post.images.length === 0) return false;
    for (const image of post.images) {
      if (!image.url.startsWith('/storage/')) return false;
      const file = await b.request(image.url);
      if (file.status !== 200) return false;
    }
    return true;
  };

  beforeAll(async () => {
    rig = await startFederationRig({
      instances: ['a', 'b'],
      addresses: { a: '127.0.0.5', b: '127.0.0.6', peer: '127.0.0.11' },
    });
    a = rig.instance('a');
    b = rig.instance('b');
    [alice, bob] = await Promise.all([
      signUpUser(a, { username: 'alice' }),
      signUpUser(b, { username: 'bob' }),
    ]);
    await postPhotos(a, alice, 'Before anyone followed', 2);
  }, 120_000);
  afterAll(async () => {
    await rig?.stop();
  });

  it('finds @alice@a on b and shows her earlier posts with their photos', async () => {
    const search = await b.request(`/api/search?q=${encodeURIComponent(`@alice@${a.host}`)}`, {
      token: bob.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.profiles[0]).toMatchObject({
      username: `alice@${a.host}`,
      is_remote: true,
    });

    const profile = await aliceProfileOnB();
    expect(profile).toMatchObject({ username: `alice@${a.host}`, followed_by_me: false });
    aliceOnB = profile;
    const earlier = async () =>
      (await b.request(`/api/profiles/${aliceOnB.id}/posts`, { token: bob.token })).body
        .posts as Post[];
    await expect
      .poll(async () => (await earlier()).map((post) => post.caption), poll)
      .toEqual(['Before anyone followed']);
    await expect.poll(async () => photosServedByB((await earlier())[0]), poll).toBe(true);
  });

  it("follows: requested until a accepts, then alice's new post is in b's feed in 10 s", async () => {
    const asked = await b.request(`/api/profiles/${aliceOnB.id}/follow`, {
      method: 'PUT',
      token: bob.token,
    });
    expect(asked.body).toMatchObject({ following: false, requested: true });
    await expect.poll(async () => (await aliceProfileOnB()).followed_by_me, poll).toBe(true);
    expect((await aliceProfileOnB()).requested_by_me).toBe(false);
    await expect.poll(followersOfAlice, poll).toBe(1);

    const posted = await postPhotos(a, alice, 'Fresh from a', 2);
    const inFeed = async () =>
      (
        (await b.request('/api/posts?feed=following', { token: bob.token })).body.posts as Post[]
      ).find((post) => post.remote_url?.endsWith(`/p/${posted.id}`));
    await expect.poll(inFeed, poll).toBeDefined();
    await expect.poll(async () => photosServedByB(await inFeed()), poll).toBe(true);
    newPost = (await inFeed())!;
    expect(newPost.caption).toBe('Fresh from a');
    expect(newPost.images).toHaveLength(2);
  });

  it('a like and a comment from b reach alice as notifications on a', async () => {
    const liked = await b.request(`/api/posts/${newPost.id}/like`, {
      method: 'PUT',
      token: bob.token,
    });
    expect(liked.status).toBe(200);
    const commented = await b.request(`/api/posts/${newPost.id}/comments`, {
      method: 'POST',
      token: bob.token,
      json: { content: 'Lovely light' },
    });
    expect(commented.status).toBe(201);

    const notifications = async () =>
      (
        (await a.request('/api/notifications', { token: alice.token })).body.notifications as {
          type: string;
          actor: { username: string };
          comment: { content: string } | null;
        }[]
      )
        .map((one) => `${one.type} ${one.actor.username} ${one.comment?.content ?? ''}`.trim())
        .sort();
    await expect
      .poll(notifications, poll)
      .toEqual([
        `comment bob@${b.host} Lovely light`,
        `follow bob@${b.host}`,
        `like bob@${b.host}`,
      ]);
  });

  it("unfollowing from b takes bob out of alice's followers on a", async () => {
    const undone = await b.request(`/api/profiles/${aliceOnB.id}/follow`, {
      method: 'DELETE',
      token: bob.token,
    });
    expect(undone.body).toMatchObject({ following: false, requested: false });
    await expect.poll(followersOfAlice, poll).toBe(0);
  });
});
