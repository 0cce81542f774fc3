import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, disposeTestServer, startTestServer } from '../test/harness';
import { rateLimits } from '../rate-limits';
import { WindowCounter } from './inbox-gate';
import { HostRouter } from './test/host-router';
import { ReferencePeer } from './test/reference-peer';

const publicUrl = 'https://photos.example';
const inbox = `${publicUrl}/inbox`;

describe('the inbox window counter', () => {
  it('lets max through per window, then says how long to wait', () => {
    let now = 1_000_000;
    const counter = new WindowCounter({ max: 2, windowMs: 60_000 }, () => now);
    expect(counter.retryAfterSeconds('a')).toBe(0);
    counter.count('a');
    counter.count('a');
    expect(counter.retryAfterSeconds('a')).toBe(60);
    expect(counter.retryAfterSeconds('b')).toBe(0);
    now += 45_500;
    expect(counter.retryAfterSeconds('a')).toBe(15);
    now += 15_000;
    expect(counter.retryAfterSeconds('a')).toBe(0);
  });
});

describe.each(dialects)('inbox rate limits per remote server on %s', (dialect) => {
  const router = new HostRouter();
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let noisy: ReferencePeer;
  let calm: ReferencePeer;

  const like = (peer: ReferencePeer) => ({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: `${peer.actorUrl('bob')}#likes/${randomUUID()}`,
    type: 'Like',
    actor: peer.actorUrl('bob'),
    object: `${publicUrl}/p/no-such-post`,
  });

  beforeAll(async () => {
    router.install();
    server = await startTestServer(dialect, {
      PUBLIC_URL: publicUrl,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      RATE_LIMITS: 'true',
    });
    router.route('photos.example', server.url);
    noisy = new ReferencePeer('noisy.example', router);
    calm = new ReferencePeer('calm.example', router);
    await noisy.addPerson('bob');
    await calm.addPerson('bob');
    await noisy.start();
    await calm.start();
  });
  afterAll(async () => {
    await noisy.stop();
    await calm.stop();
    await disposeTestServer(server);
    router.uninstall();
  });

  it('answers 429 with Retry-After to a server past its share, and not to others', async () => {
    const { max } = rateLimits.federationInboxPerServer;
    for (let sent = 0; sent < max; sent += 25) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, () => noisy.send('bob', inbox, like(noisy))),
      );
      expect(batch.map((response) => response.status)).toEqual(Array(25).fill(202));
    }
    const over = await noisy.send('bob', inbox, like(noisy));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(200);
    expect((await calm.send('bob', inbox, like(calm))).status).toBe(202);
  }, 120_000);

  it('counts requests whose signature fails against their address, not the server they name', async () => {
    const { max } = rateLimits.federationUnverifiedPerAddress;
    const forged = () =>
      fetch(inbox, {
        method: 'POST',
        headers: {
          'content-type': 'application/activity+json',
          signature: `keyId="${calm.actorUrl('bob')}#main-key",algorithm="rsa-sha256",headers="date",signature="AAAA"`,
        },
        body: JSON.stringify(like(calm)),
      });
    for (let sent = 0; sent < max; sent += 25) {
      const batch = await Promise.all(Array.from({ length: 25 }, forged));
      expect(batch.every((response) => response.status === 401)).toBe(true);
    }
    const over = await forged();
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
  }, 120_000);
});
