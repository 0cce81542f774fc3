import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStream } from '../test/event-stream';
import { openEventStream } from '../test/event-stream';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The promise of live events: a change reaches the stream within 2 s. */
const deliveryMs = 2_000;

describe.each(dialects)('GET /api/events on %s', (dialect) => {
  let server: Server;
  let jpeg: Buffer;
  const opened: OpenedStream[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, { EVENTS_HEARTBEAT_MS: '200' });
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await disposeTestServer(server);
  });

  const open = async (user: TestUser | null, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(server.url, user?.token, headers);
    opened.push(stream);
    return stream;
  };
  const share = async (author: TestUser) =>
    (await uploadPost(server, author, jpeg)).body as { id: string };

  it('signed out: 401 in the JSON error shape', async () => {
    const stream = await open(null);
    expect(stream.status).toBe(401);
    expect(stream.error).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('tells the count at once, then every change within 2 s: a like, a read, an unlike, a follow', async () => {
    const [author, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const post = await share(author);
    // Every statement that writes notifications has run (and is prepared) before any stream opens.
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    await server.request(`/api/posts/${post.id}/like`, { method: 'DELETE', token: fan.token });
    // Asked compressed, as browsers do: an event stream is never compressed (nor buffered).
    const stream = await open(author, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toContain('no-store');
    expect(await stream.nextCount()).toBe(0);

    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    expect(await stream.nextCount(deliveryMs)).toBe(1);
    await server.request(`/api/profiles/${author.id}/follow`, { method: 'PUT', token: fan.token });
    expect(await stream.nextCount(deliveryMs)).toBe(2);
    await server.request('/api/notifications/read', { method: 'POST', token: author.token });
    expect(await stream.nextCount(deliveryMs)).toBe(0);
    await server.request(`/api/posts/${post.id}/like`, { method: 'DELETE', token: fan.token });
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    expect(await stream.nextCount(deliveryMs)).toBe(1);
    // Deleting the post takes its notification, and the count, with it.
    await server.request(`/api/posts/${post.id}`, { method: 'DELETE', token: author.token });
    expect(await stream.nextCount(deliveryMs)).toBe(0);
  });

  it('every stream of the person hears it, nobody else does', async () => {
    const [author, fan, bystander] = await Promise.all([
      signUpUser(server),
      signUpUser(server),
      signUpUser(server),
    ]);
    const post = await share(author);
    const tabs = [await open(author), await open(author)];
    const other = await open(bystander);
    for (const tab of tabs) expect(await tab.nextCount()).toBe(0);
    expect(await other.nextCount()).toBe(0);
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    for (const tab of tabs) expect(await tab.nextCount(deliveryMs)).toBe(1);
    await expect(other.next((frame) => frame.event === 'notifications', 500)).rejects.toThrow(
      /no matching frame/,
    );
  });

  it('writes a comment line at least every heartbeat (EVENTS_HEARTBEAT_MS) and a reconnect delay', async () => {
    const user = await signUpUser(server);
    const stream = await open(user);
    expect((await stream.next((frame) => frame.retry !== undefined)).retry).toBe(3000);
    expect((await stream.next((frame) => frame.comment !== undefined, 1_000)).comment).toBe(
      'keep-alive',
    );
  });

  it('forgets a stream whose client went away, and ends those of a session that signs out', async () => {
    const user = await signUpUser(server);
    const streams = server.context.services.eventStreams;
    const before = streams.size;
    const stream = await open(user);
    await stream.nextCount();
    expect(streams.size).toBe(before + 1);
    stream.close();
    await expect.poll(() => streams.size).toBe(before);

    const signedIn = await open(user);
    await signedIn.nextCount();
    await server.request('/api/auth/sign-out', { method: 'POST', token: user.token });
    expect(await signedIn.ended()).toBe(true);
  });

  it('ends the stream of a session ended any other way by the next heartbeat', async () => {
    const user = await signUpUser(server);
    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const other = await open({ ...user, token: signIn.body.session.token as string });
    expect(await other.nextCount()).toBe(0);
    const current = await open(user);
    expect(await current.nextCount()).toBe(0);
    const ended = await server.request('/api/auth/sessions', {
      method: 'DELETE',
      token: user.token,
    });
    expect(ended.status).toBe(204);
    expect(await other.ended(2_000)).toBe(true);
    expect(await current.ended(500)).toBe(false);
  });
});

describe.each(dialects)('GET /api/events after a session ends elsewhere on %s', (dialect) => {
  let server: Server;
  const opened: OpenedStream[] = [];

  beforeAll(async () => {
    // A heartbeat far away: only the check made with each count can end the stream in time.
    server = await startTestServer(dialect, { EVENTS_HEARTBEAT_MS: '30000' });
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await disposeTestServer(server);
  });

  it('tells an ended session nothing more: its stream ends at the next change, not the next heartbeat', async () => {
    const [user, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const post = (await uploadPost(server, user, await makeJpeg(200, 150))).body as { id: string };
    const signIn = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const laptop = await openEventStream(server.url, signIn.body.session.token as string);
    const phone = await openEventStream(server.url, user.token);
    opened.push(laptop, phone);
    expect(await laptop.nextCount()).toBe(0);
    expect(await phone.nextCount()).toBe(0);
    // "Sign out of other sessions" from the phone ends the laptop's (no local sign-out event).
    const ended = await server.request('/api/auth/sessions', {
      method: 'DELETE',
      token: user.token,
    });
    expect(ended.status).toBe(204);

    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    expect(await phone.nextCount(deliveryMs)).toBe(1);
    expect(await laptop.ended(deliveryMs)).toBe(true);
    // Ended without being told the new count.
    await expect(laptop.nextCount(100)).rejects.toThrow('the stream ended');
  });
});

describe.each(dialects)('event stream limits and shutdown on %s', (dialect) => {
  it('caps streams per account and per address with a clear 429', async () => {
    const server = await startTestServer(dialect, { RATE_LIMITS: 'true', TRUST_PROXY: 'true' });
    const streams: OpenedStream[] = [];
    try {
      const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
      // Sign-ups are limited per address too: each person comes from their own.
      const people = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => signUpUser(server, {}, `198.51.100.${n}`)),
      );
      const [first] = people as [TestUser];
      for (let i = 0; i < 10; i++) {
        const stream = await openEventStream(server.url, first.token, from(1));
        streams.push(stream);
        expect(stream.status).toBe(200);
      }
      const eleventh = await openEventStream(server.url, first.token, from(2));
      expect(eleventh.status).toBe(429);
      expect(eleventh.headers.get('retry-after')).toBe('30');
      expect(eleventh.error).toMatchObject({
        error: {
          code: 'rate_limited',
          message: expect.stringContaining('Too many live connections'),
        },
      });

      // 50 from one address, whoever they are.
      for (const person of people.slice(1, 5)) {
        for (let i = 0; i < 10; i++) {
          const stream = await openEventStream(server.url, person.token, from(1));
          streams.push(stream);
          expect(stream.status).toBe(200);
        }
      }
      const fromCrowdedAddress = await openEventStream(server.url, people[5]!.token, from(1));
      expect(fromCrowdedAddress.status).toBe(429);
      const fromElsewhere = await openEventStream(server.url, people[5]!.token, from(3));
      streams.push(fromElsewhere);
      expect(fromElsewhere.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
      await disposeTestServer(server);
    }
  });

  it('ends open streams cleanly when the server shuts down, without waiting for them', async () => {
    const server = await startTestServer(dialect);
    const user = await signUpUser(server);
    const streams = [
      await openEventStream(server.url, user.token),
      await openEventStream(server.url, user.token),
    ];
    for (const stream of streams) expect(await stream.nextCount()).toBe(0);
    const startedAt = Date.now();
    await disposeTestServer(server);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    for (const stream of streams) expect(await stream.ended(1_000)).toBe(true);
  });
});
