import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStream } from '../test/event-stream';
import { openEventStream } from '../test/event-stream';
import type { TestUser } from '../test/harness';
import { dialects, disposeTestServer, signUpUser, startTestServer } from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The promise of live notifications: an event within 2 s of the change. */
const deliveryMs = 2_000;

describe.each(dialects)('follow requests in notifications on %s', (dialect) => {
  let server: Server;
  const opened: OpenedStream[] = [];
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    await disposeTestServer(server);
  });

  const privatePerson = async () => {
    const person = await signUpUser(server);
    const patched = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: person.token,
    });
    expect(patched.status).toBe(200);
    return person;
  };
  const ask = async (asker: TestUser, owner: TestUser) => {
    const response = await server.request(`/api/profiles/${owner.id}/follow`, {
      method: 'PUT',
      token: asker.token,
    });
    expect(response.body).toMatchObject({ requested: true });
  };
  const list = async (user: TestUser) => {
    const response = await server.request('/api/notifications', { token: user.token });
    expect(response.status).toBe(200);
    const body = response.body as {
      notifications: { type: string; actor: { username: string }; post: unknown }[];
      unread_count: number;
    };
    return {
      unread: body.unread_count,
      rows: body.notifications.map((n) => [n.type, n.actor.username, n.post]),
    };
  };

  it('a request is told once, even asked twice; declining it removes it', async () => {
    const owner = await privatePerson();
    const asker = await signUpUser(server);
    await ask(asker, owner);
    await ask(asker, owner);
    expect(await list(owner)).toEqual({
      unread: 1,
      rows: [['follow_request', asker.username, null]],
    });
    const declined = await server.request(`/api/me/follow-requests/${asker.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(declined.status).toBe(204);
    expect(await list(owner)).toEqual({ unread: 0, rows: [] });
    // Nobody tells the asker they were declined (as on Instagram).
    expect(await list(asker)).toEqual({ unread: 0, rows: [] });
  });

  it('a withdrawn request leaves the owner’s notifications', async () => {
    const owner = await privatePerson();
    const asker = await signUpUser(server);
    await ask(asker, owner);
    const withdrawn = await server.request(`/api/profiles/${owner.id}/follow`, {
      method: 'DELETE',
      token: asker.token,
    });
    expect(withdrawn.status).toBe(200);
    expect(await list(owner)).toEqual({ unread: 0, rows: [] });
  });

  it('going public accepts every waiting request, and each asker is told', async () => {
    const owner = await privatePerson();
    const [first, second] = await Promise.all([signUpUser(server), signUpUser(server)]);
    await ask(first, owner);
    await ask(second, owner);
    const patched = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: false },
      token: owner.token,
    });
    expect(patched.status).toBe(200);
    for (const asker of [first, second]) {
      expect(await list(asker)).toEqual({
        unread: 1,
        rows: [['follow_accepted', owner.username, null]],
      });
    }
    const rows = (await list(owner)).rows;
    expect(rows.map(([type]) => type)).toEqual(['follow', 'follow']);
  });

  it('the badge hears of a request (the owner) and of its approval (both) at once', async () => {
    const owner = await privatePerson();
    const asker = await signUpUser(server);
    const ownerStream = await openEventStream(server.url, owner.token);
    const askerStream = await openEventStream(server.url, asker.token);
    opened.push(ownerStream, askerStream);
    expect(await ownerStream.nextCount()).toBe(0);
    expect(await askerStream.nextCount()).toBe(0);
    await ask(asker, owner);
    expect(await ownerStream.nextCount(deliveryMs)).toBe(1);
    await server.request(`/api/me/follow-requests/${asker.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(await ownerStream.nextCount(deliveryMs)).toBe(0);
    expect(await askerStream.nextCount(deliveryMs)).toBe(1);
  });
});
