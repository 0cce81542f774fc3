import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { FederationRig, RigInstance } from './test/tls/rig';
import { startFederationRig } from './test/tls/rig';

describe('a peer that is down while Pinhole restarts, over TLS', () => {
  let rig: FederationRig;
  let a: RigInstance;
  let alice: TestUser;

  beforeAll(async () => {
    // Addresses of its own: the other TLS file may run at the same time.
    rig = await startFederationRig({
      instances: ['a'],
      addresses: { a: '127.0.0.4', peer: '127.0.0.10' },
    });
    a = rig.instance('a');
    await rig.peer.addPerson('bob');
    alice = await signUpUser(a, { username: 'alice' });
  }, 120_000);
  afterAll(async () => {
    await rig?.stop();
  });

  it('gets the posts made meanwhile soon after it is back, none lost to the restart', async () => {
    const peer = rig.peer;
    await peer.send('bob', `${a.origin}/users/alice/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${a.origin}/users/alice`,
    });
    await expect.poll(() => peer.ofType('Accept').length, { timeout: 10_000 }).toBe(1);

    const outage = await rig.takePeerDown();
    for (const caption of ['First while away', 'Second while away']) {
      expect((await uploadPost(a, alice, await makeJpeg(), { caption })).status).toBe(201);
    }
    // Both deliveries were tried and failed; then Pinhole restarts, still without the peer.
    await expect.poll(() => outage.attempts(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await a.restart();
    expect(peer.ofType('Create')).toHaveLength(0);

    await outage.end();
    const back = Date.now();
    await expect.poll(() => peer.ofType('Create').length, { timeout: 60_000 }).toBe(2);
    const captions = peer
      .ofType('Create')
      .map((create) => String((create.json.object as { content: string }).content));
    expect(captions.some((content) => content.includes('First while away'))).toBe(true);
    expect(captions.some((content) => content.includes('Second while away'))).toBe(true);
    // Retries are seconds apart at first: well within the minute.
    expect(Date.now() - back).toBeLessThan(60_000);
  }, 120_000);
});
