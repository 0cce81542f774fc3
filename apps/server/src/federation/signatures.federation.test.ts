import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.each(dialects)('HTTP signatures between a peer and Pinhole on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;
  let postId: string;

  const likesCount = async () =>
    (await server.request(`/api/posts/${postId}`, { token: alice.token })).body
      .likes_count as number;
  const like = (who: string) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.actorUrl(who)}#likes/${randomUUID()}`,
    type: 'Like',
    actor: peer.actorUrl(who),
    object: `${publicUrl}/p/${postId}`,
  });

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
    postId = (await uploadPost(server, alice, await makeJpeg(), { caption: 'Dusk' })).body
      .id as string;
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('takes an RFC 9421-signed activity, and refuses a tampered one with 401', async () => {
    const tampered = await peer.send('dave', `${publicUrl}/inbox`, like('dave'), {
      spec: 'rfc9421',
      tamper: (body) => body.replace('#likes/', '#dislikes/'),
    });
    expect(tampered.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await likesCount()).toBe(0);

    const signed = await peer.send('bob', `${publicUrl}/inbox`, like('bob'), { spec: 'rfc9421' });
    expect(signed.status).toBe(202);
    await expect.poll(likesCount, { timeout: 10_000 }).toBe(1);
  });

  it('signs the fetches of its shared inbox as the instance actor', async () => {
    peer.fetches.length = 0;
    const before = await likesCount();
    expect((await peer.send('erin', `${publicUrl}/inbox`, like('erin'))).status).toBe(202);
    await expect.poll(likesCount, { timeout: 10_000 }).toBe(before + 1);
    expect(peer.fetches).toContainEqual({
      path: '/users/erin',
      keyId: `${publicUrl}/actor#main-key`,
    });
  });

  it('signs what it sends with draft-cavage first (Pixelfed drops RFC 9421)', async () => {
    await peer.send('bob', `${publicUrl}/users/alice/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    });
    await expect.poll(() => peer.ofType('Accept').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Accept')[0]!.signedWith).toBe('draft-cavage');
  });
});
