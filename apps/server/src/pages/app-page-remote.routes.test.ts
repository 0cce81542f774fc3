import type { Profile } from '@pinhole/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostRouter } from '../federation/test/host-router';
import { ReferencePeer } from '../federation/test/reference-peer';
import { insertRemotePerson } from '../repositories/federation-actors.repository';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';
import { embeddedFirstScreen, makeWebDist } from '../test/web-dist';

const publicUrl = 'https://photos.example';
const notFoundTitle = '<title>Page not found • Pinhole</title>';

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"<>]*)">/.exec(html)?.[1];

describe.each(dialects)('the page of a person of another server on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let webDist: ReturnType<typeof makeWebDist>;
  let peer: ReferencePeer;
  let alice: TestUser;

  const expectNotFoundPage = (response: { status: number; text: string }) => {
    expect(response.status).toBe(404);
    expect(response.text).toContain(notFoundTitle);
  };

  beforeAll(async () => {
    router.install();
    webDist = makeWebDist();
    server = await startTestServer(dialect, {
      WEB_DIST_DIR: webDist.dir,
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
    webDist.remove();
    router.uninstall();
  });

  it('/@user@host is the app with their profile, found through their server', async () => {
    const page = await server.request('/@Bob@peer.example', { cookie: alice.cookie });
    expect(page.status).toBe(200);
    const api = await server.request('/api/profiles/by-username/bob@peer.example', {
      cookie: alice.cookie,
    });
    const data = embeddedFirstScreen(page.text);
    expect(data.profile).toEqual(api.body);
    expect((data.profile as Profile).username).toBe('bob@peer.example');
    expect(data.session.user?.id).toBe(alice.id);
    // Their own page is the one search engines should keep.
    expect(canonicalOf(page.text)).toBe('https://peer.example/@bob');
    expect(page.text).toContain('<meta name="robots" content="noindex">');
  });

  it('user@host without the sigil and the tabs are the same person, signed out too', async () => {
    for (const path of [
      '/bob@peer.example',
      '/@bob@peer.example/followers',
      '/@bob@peer.example/following',
    ]) {
      const page = await server.request(path);
      expect(page.status, path).toBe(200);
      expect((embeddedFirstScreen(page.text).profile as Profile).username, path).toBe(
        'bob@peer.example',
      );
    }
  });

  it('someone their server does not know, a server that is not there, or a bad name: 404', async () => {
    for (const path of [
      '/@ghost@peer.example',
      '/@ghost@gone.example',
      '/@a@b@c',
      '/@bob@peer.example%2F..',
      `/@bob@${'x'.repeat(260)}.example`,
    ]) {
      expectNotFoundPage(await server.request(path, { cookie: alice.cookie }));
    }
  });

  it('a person kept here still has their page while their server is gone', async () => {
    const now = new Date().toISOString();
    await insertRemotePerson(
      server.context.database.db,
      {
        id: 'kept-remote-person',
        username: 'carol@gone.example',
        fullName: 'Carol',
        bio: null,
        actor: {
          actor_url: 'https://gone.example/users/carol',
          inbox_url: 'https://gone.example/users/carol/inbox',
          shared_inbox_url: null,
          profile_url: 'https://gone.example/@carol',
          host: 'gone.example',
          updated_at: now,
        },
      },
      now,
    );
    const page = await server.request('/@carol@gone.example', { cookie: alice.cookie });
    expect(page.status).toBe(200);
    expect((embeddedFirstScreen(page.text).profile as Profile).full_name).toBe('Carol');
  });
});
