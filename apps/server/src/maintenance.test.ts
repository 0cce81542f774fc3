import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSessions, runMaintenance } from './maintenance';
import type { TestUser } from './test/harness';
import {
  TestClock,
  dialects,
  disposeTestServer,
  signUpUser,
  startTestServer,
} from './test/harness';

describe.each(dialects)('expired sessions on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let person: TestUser;
  const clock = new TestClock(Date.now());
  const logged: string[] = [];
  const log = { info: (_details: object, message: string) => logged.push(message) };

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, { clock });
    person = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const sessionIds = async () =>
    (await server.context.database.db.selectFrom('sessions').select('id').execute()).map(
      (row) => row.id,
    );

  /** Session rows of `person` expiring at these moments, their ids made up (no token needs them). */
  async function addSessions(label: string, expiries: number[]): Promise<string[]> {
    const rows = expiries.map((expiresMs, index) => ({
      id: createHash('sha256').update(`${label}-${index}`).digest('hex'),
      user_id: person.id,
      created_at: new Date(expiresMs - 30 * 24 * 60 * 60 * 1000).toISOString(),
      expires_at: new Date(expiresMs).toISOString(),
      user_agent: null,
      last_seen_at: null,
    }));
    for (let start = 0; start < rows.length; start += 200) {
      await server.context.database.db
        .insertInto('sessions')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    return rows.map((row) => row.id);
  }

  it('deletes every expired session row in batches and keeps the live ones', async () => {
    const now = clock.now().getTime();
    const before = await sessionIds();
    // More than two batches, all expired at or before now.
    const expired = await addSessions(
      'expired',
      Array.from({ length: 1_100 }, (_value, index) => now - index),
    );
    const [live] = await addSessions('live', [now + 1]);

    await runMaintenance(server.context, log);

    const left = await sessionIds();
    expect(left.sort()).toEqual([...before, live].sort());
    expect(left.some((id) => expired.includes(id))).toBe(false);
    expect(logged).toContain('removed expired sessions');
    // The signed-up person's own session still signs them in.
    const session = await server.request('/api/auth/session', { cookie: person.cookie });
    expect(session.body.user).toMatchObject({ id: person.id });

    // A millisecond later the last one has expired too: the hourly purge removes it.
    clock.set(now + 1);
    await purgeExpiredSessions(server.context, log);
    expect((await sessionIds()).sort()).toEqual([...before].sort());
  });

  it('is safe to run on several instances at once: each row is removed once, none fails', async () => {
    const now = clock.now().getTime();
    const before = await sessionIds();
    await addSessions(
      'together',
      Array.from({ length: 1_300 }, (_value, index) => now - 1 - index),
    );
    // Two purges on separate connections, as two instances on one PostgreSQL would run them.
    const removed = await Promise.all([
      server.context.services.auth.purgeExpiredSessions(),
      server.context.services.auth.purgeExpiredSessions(),
    ]);
    expect(removed[0] + removed[1]).toBe(1_300);
    expect((await sessionIds()).sort()).toEqual([...before].sort());
  });
});
