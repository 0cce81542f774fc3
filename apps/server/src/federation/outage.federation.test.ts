import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialects, makeJpeg, signUpUser, startTestServer, uploadPost } from '../test/harness';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const env = { PUBLIC_URL: publicUrl, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' };

describe.each(dialects)('a peer that is down for a while, on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let peer: ReferencePeer;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, env);
    dropDatabase = server.dropDatabase;
    router.route('photos.example', server.url);
    peer = new ReferencePeer('peer.example', router);
    await peer.addPerson('bob');
    await peer.start();
  });
  afterAll(async () => {
    await peer.stop();
    await server.close();
    await dropDatabase?.();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    router.uninstall();
  });

  it('gets the posts made meanwhile once it is back, though Pinhole restarted in between', async () => {
    const alice = await signUpUser(server, { username: 'alice' });
    await peer.send('bob', `${publicUrl}/users/alice/inbox`, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${peer.origin}/${randomUUID()}`,
      type: 'Follow',
      actor: peer.actorUrl('bob'),
      object: `${publicUrl}/users/alice`,
    });
    await vi.waitFor(() => expect(peer.ofType('Accept')).toHaveLength(1), { timeout: 10_000 });

    // The peer goes away; two posts are made; the first delivery attempts fail.
    router.unroute('peer.example');
    for (const caption of ['First while away', 'Second while away']) {
      expect((await uploadPost(server, alice, await makeJpeg(), { caption })).status).toBe(201);
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(peer.ofType('Create')).toHaveLength(0);

    // Pinhole restarts on the same database; then the peer comes back.
    await server.close();
    server = await startTestServer(dialect, env, {
      dataDir: server.dataDir,
      databaseUrl: server.databaseUrl,
    });
    router.route('photos.example', server.url);
    await peer.start();

    await vi.waitFor(() => expect(peer.ofType('Create')).toHaveLength(2), { timeout: 60_000 });
    const captions = peer
      .ofType('Create')
      .map((create) => String((create.json.object as { content: string }).content));
    expect(captions.some((content) => content.includes('First while away'))).toBe(true);
    expect(captions.some((content) => content.includes('Second while away'))).toBe(true);
  }, 120_000);
});
