import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

const publicUrl = 'https://photos.example';
const activityJson = 'application/activity+json';

describe.each(dialects)('federation discovery on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer(dialect, { PUBLIC_URL: publicUrl });
    alice = await signUpUser(server, { username: 'alice', full_name: 'Alice Liddell' });
    bob = await signUpUser(server, { username: 'bob' });
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: alice.token,
      json: { bio: 'Photos of <rabbits>\nand tea' },
    });
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      token: bob.token,
      json: { is_private: true },
    });
  });
  afterAll(() => disposeTestServer(server));

  it('finds a person by WebFinger in any case, and the instance actor by its host name', async () => {
    for (const resource of ['acct:alice@photos.example', 'acct:ALICE@Photos.Example']) {
      const response = await server.request(
        `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
      );
      expect(response.status).toBe(200);
      const body = JSON.parse(response.text);
      expect(body.subject).toBe('acct:alice@photos.example');
      expect(body.links).toContainEqual(
        expect.objectContaining({ rel: 'self', href: `${publicUrl}/users/alice` }),
      );
    }
    const unknown = await server.request(
      '/.well-known/webfinger?resource=acct:nobody@photos.example',
    );
    expect(unknown.status).toBe(404);
    const instance = await server.request(
      '/.well-known/webfinger?resource=acct:photos.example@photos.example',
    );
    expect(JSON.parse(instance.text).links[0].href).toBe(`${publicUrl}/actor`);
  });

  it('serves host-meta and NodeInfo 2.1 with the software and local counts', async () => {
    const hostMeta = await server.request('/.well-known/host-meta');
    expect(hostMeta.text).toContain(`template="${publicUrl}/.well-known/webfinger?resource={uri}"`);
    const links = JSON.parse((await server.request('/.well-known/nodeinfo')).text);
    expect(links.links[0].href).toBe(`${publicUrl}/nodeinfo/2.1`);
    const nodeInfo = JSON.parse((await server.request('/nodeinfo/2.1')).text);
    expect(nodeInfo.version).toBe('2.1');
    expect(nodeInfo.software.name).toBe('pinhole');
    expect(nodeInfo.protocols).toEqual(['activitypub']);
    expect(nodeInfo.usage.users.total).toBe(2);
    expect(nodeInfo.usage.localPosts).toBe(0);
  });

  it('gives a Person with an RSA key first, an Ed25519 key, and the profile', async () => {
    const response = await server.request('/users/alice', { headers: { accept: activityJson } });
    expect(response.status).toBe(200);
    const actor = JSON.parse(response.text);
    expect(actor).toMatchObject({
      id: `${publicUrl}/users/alice`,
      type: 'Person',
      preferredUsername: 'alice',
      name: 'Alice Liddell',
      summary: '<p>Photos of &lt;rabbits&gt;<br>and tea</p>',
      url: `${publicUrl}/alice`,
      inbox: `${publicUrl}/users/alice/inbox`,
      outbox: `${publicUrl}/users/alice/outbox`,
      followers: `${publicUrl}/users/alice/followers`,
      following: `${publicUrl}/users/alice/following`,
      endpoints: { sharedInbox: `${publicUrl}/inbox` },
      manuallyApprovesFollowers: false,
      discoverable: true,
    });
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(actor.assertionMethod).toHaveLength(2);
    // The keys are kept: a second fetch shows the same ones.
    const again = JSON.parse(
      (await server.request('/users/alice', { headers: { accept: activityJson } })).text,
    );
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    const bobActor = JSON.parse(
      (await server.request('/users/bob', { headers: { accept: activityJson } })).text,
    );
    expect(bobActor.manuallyApprovesFollowers).toBe(true);
  });

  it('answers /:username with the actor to ActivityStreams clients and the page to browsers', async () => {
    const asJson = await server.request('/alice', {
      headers: { accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' },
    });
    expect(asJson.status).toBe(200);
    expect(JSON.parse(asJson.text).id).toBe(`${publicUrl}/users/alice`);
    const asPage = await server.request('/alice', { headers: { accept: 'text/html' } });
    expect(asPage.headers.get('content-type') ?? '').not.toContain('activity+json');
  });

  it('serves the instance actor, an Application with a key', async () => {
    const response = await server.request('/actor', { headers: { accept: activityJson } });
    const actor = JSON.parse(response.text);
    expect(actor).toMatchObject({
      id: `${publicUrl}/actor`,
      type: 'Application',
      preferredUsername: 'photos.example',
      inbox: `${publicUrl}/inbox`,
    });
    expect(actor.publicKey.id).toBe(`${publicUrl}/actor#main-key`);
  });
});

describe('federation switched off', () => {
  it('has no federation paths on http, nor on https with FEDERATION=false', async () => {
    const settings: Record<string, string>[] = [{}, { PUBLIC_URL: publicUrl, FEDERATION: 'false' }];
    for (const env of settings) {
      const server = await startTestServer('sqlite', env);
      try {
        await signUpUser(server, { username: 'carol' });
        const response = await server.request('/users/carol', {
          headers: { accept: activityJson },
        });
        expect(response.headers.get('content-type') ?? '').not.toContain('activity+json');
        expect((await server.request('/nodeinfo/2.1')).status).toBe(404);
      } finally {
        await disposeTestServer(server);
      }
    }
  });
});
