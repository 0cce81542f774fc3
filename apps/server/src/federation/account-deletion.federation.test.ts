import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';

describe.each(dialects)('a deleted account on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let alice: TestUser;

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    await peer.addPerson('bob');
    await peer.start();
    alice = await signUpUser(server, { username: 'alice' });
  });
  afterAll(async () => {
    await peer.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('sends Delete of its actor to its remote followers, then forgets its keys', async () => {
    await peer.send('bob', `${publicUrl}/users/alice/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    });
    await expect.poll(() => peer.ofType('Accept').length, { timeout: 10_000 }).toBe(1);
    const keysOfAlice = async () =>
      (
        await server.context.database.db
          .selectFrom('federation_keys')
          .select('algorithm')
          .where('owner_id', '=', alice.id)
          .execute()
      ).length;
    expect(await keysOfAlice()).toBe(2);

    const deleted = await server.request('/api/me', {
      method: 'DELETE',
      token: alice.token,
      json: { password: alice.password },
    });
    expect(deleted.status).toBe(204);
    // Signed with the key the peer knew (its signature is verified before it is recorded).
    await expect.poll(() => peer.ofType('Delete').length, { timeout: 10_000 }).toBe(1);
    expect(peer.ofType('Delete')[0]!.json).toMatchObject({
      actor: `${publicUrl}/users/alice`,
      object: `${publicUrl}/users/alice`,
      to: 'as:Public',
    });
    expect(await keysOfAlice()).toBe(0);
    const actor = await fetch(`${publicUrl}/users/alice`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(actor.status).toBe(404);
  });
});
