import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser, startTestServer } from '../test/harness';
import { dialects, makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { HostRouter } from './test/host-router';
import { startFederatedServer } from './test/federated-server';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const asContext = 'https://www.w3.org/ns/activitystreams';
const inbox = `${publicUrl}/inbox`;

describe.each(dialects)('remote accounts deleted or moved on %s', (dialect) => {
  let federated: Awaited<ReturnType<typeof startFederatedServer>>;
  let router: HostRouter;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let alicePost: string;

  const get = (url: string) => server.request(url, { token: alice.token });
  const counts = async () => {
    const post = (await get(`/api/posts/${alicePost}`)).body;
    const profile = (await get('/api/profiles/by-username/alice')).body;
    return {
      likes: post.likes_count as number,
      comments: post.comments_count as number,
      followers: profile.followers_count as number,
    };
  };
  const activity = (type: string, who: string, object: unknown, extra = {}) => ({
    '@context': asContext,
    id: `${peer.actorUrl(who)}#${type.toLowerCase()}/${randomUUID()}`,
    type,
    actor: peer.actorUrl(who),
    object,
    ...extra,
  });

  beforeAll(async () => {
    federated = await startFederatedServer(dialect);
    ({ server, router } = federated);
    peer = new ReferencePeer('peer.example', router);
    for (const name of ['bob', 'erin', 'carl']) await peer.addPerson(name);
    await peer.addPerson('carl2', { alsoKnownAs: [peer.actorUrl('carl')] });
    await peer.addPerson('mallory');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
    alicePost = (await uploadPost(server, alice, await makeJpeg(), { caption: 'Tide' })).body
      .id as string;
  });
  afterAll(async () => {
    await peer.stop();
    await federated.close();
  });

  it("removes a deleted account's likes, comments and follows, and refuses what it sends later", async () => {
    const post = `${publicUrl}/p/${alicePost}`;
    await peer.send('bob', inbox, activity('Follow', 'bob', `${publicUrl}/users/alice`));
    await peer.send('bob', inbox, activity('Like', 'bob', post));
    const noteId = `${peer.origin}/notes/${randomUUID()}`;
    await peer.send(
      'bob',
      inbox,
      activity('Create', 'bob', {
        id: noteId,
        type: 'Note',
        content: '<p>Nice</p>',
        inReplyTo: post,
        attributedTo: peer.actorUrl('bob'),
      }),
    );
    await expect.poll(counts, { timeout: 15_000 }).toEqual({ likes: 1, comments: 1, followers: 1 });

    const del = activity('Delete', 'bob', peer.actorUrl('bob'), {
      to: [`${asContext}#Public`],
    });
    expect((await peer.send('bob', inbox, del)).status).toBe(202);
    await expect.poll(counts, { timeout: 15_000 }).toEqual({ likes: 0, comments: 0, followers: 0 });
    expect((await get('/api/profiles/by-username/bob@peer.example')).status).toBe(404);

    // A late delivery still signed by the gone account's key changes nothing.
    const late = await peer.send('bob', inbox, activity('Like', 'bob', post));
    expect(late.status).toBe(410);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await counts()).likes).toBe(0);
  });

  it('takes the Delete of an account whose key its server no longer serves (404) with 202', async () => {
    peer.deletePerson('erin');
    const del = activity('Delete', 'erin', peer.actorUrl('erin'));
    expect((await peer.send('erin', inbox, del)).status).toBe(202);
    // From then on the account is gone here: what it sends is refused.
    const like = activity('Like', 'erin', `${publicUrl}/p/${alicePost}`);
    expect((await peer.send('erin', inbox, like)).status).toBe(410);
  });

  it("moves Alice's follow to the account a followed person moved to", async () => {
    await peer.send('carl', inbox, activity('Like', 'carl', `${publicUrl}/p/${alicePost}`));
    let carl: { status: number; body: { id: string } } | undefined;
    await expect
      .poll(async () => (carl = await get('/api/profiles/by-username/carl@peer.example')).status, {
        timeout: 10_000,
      })
      .toBe(200);
    // Their server accepts follows, as Mastodon does for an unlocked account.
    peer.answerFollows('carl', 'accept');
    peer.answerFollows('carl2', 'accept');
    const follow = await server.request(`/api/profiles/${carl!.body.id}/follow`, {
      method: 'PUT',
      token: alice.token,
    });
    expect(follow.status).toBe(200);
    const following = async () =>
      (await get(`/api/profiles/${alice.id}/following`)).body.profiles.map(
        (p: { username: string }) => p.username,
      );
    await expect.poll(following, { timeout: 10_000 }).toEqual(['carl@peer.example']);
    const followsBefore = peer.ofType('Follow').length;

    // A Move to an account that does not name the old one is ignored.
    const fake = activity('Move', 'carl', peer.actorUrl('carl'), {
      target: peer.actorUrl('mallory'),
    });
    expect((await peer.send('carl', inbox, fake)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await following()).toEqual(['carl@peer.example']);

    const move = activity('Move', 'carl', peer.actorUrl('carl'), {
      target: peer.actorUrl('carl2'),
    });
    expect((await peer.send('carl', inbox, move)).status).toBe(202);
    await expect.poll(following, { timeout: 10_000 }).toEqual(['carl2@peer.example']);
    await expect
      .poll(() => peer.ofType('Follow').length, { timeout: 10_000 })
      .toBe(followsBefore + 1);
    expect(peer.ofType('Follow').at(-1)!.json).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: peer.actorUrl('carl2'),
    });
    await expect.poll(() => peer.ofType('Undo').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Undo')[0]!.json.object).toMatchObject({
      type: 'Follow',
      object: peer.actorUrl('carl'),
    });
  });
});
