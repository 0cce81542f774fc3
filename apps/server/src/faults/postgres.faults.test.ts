import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteFixtures, TimedAnswer } from '../test/fault-checks';
import {
  countersOff,
  eventually,
  expectRefusals,
  filesUnder,
  probeDatabaseRoutes,
  referencedKeys,
  timed,
} from '../test/fault-checks';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser, startTestServer, uploadPost } from '../test/harness';
import type { PostgresCluster } from '../test/postgres-cluster';
import { startPostgresCluster } from '../test/postgres-cluster';

/** Small on purpose, so the suite is fast; production defaults are 5 s each. */
const connectTimeoutMs = 1000;
const queryTimeoutMs = 1000;
/**
 * The documented bound: a request waits at most the connect timeout plus one query timeout for
 * the database (docs/operations.md); the rest is scheduling slack on a shared 2-core machine.
 */
const boundMs = connectTimeoutMs + queryTimeoutMs + 1500;

/**
 * The real server on a PostgreSQL cluster of its own, which these tests stop, kill and freeze.
 * An unhandled 'error' event from pg would end the process; here it would reach
 * `uncaughtExceptionMonitor` (and fail the run) instead.
 */
describe('the server while PostgreSQL fails', () => {
  let cluster: PostgresCluster;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let owner: TestUser;
  let readers: TestUser[];
  let fixtures: RouteFixtures;
  let storageUrl: string;
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);
  const request: (typeof server)['request'] = (...args) => server.request(...args);

  async function waitUntilReady(timeoutMs: number): Promise<void> {
    await eventually(async () => {
      const ready = await request('/readyz').catch(() => null);
      expect(ready?.status).toBe(200);
    }, timeoutMs);
  }

  /** Committed state survived, nothing half-written stayed, and every route works again. */
  async function expectHealedAndExact(): Promise<void> {
    await waitUntilReady(15_000);
    expect(await countersOff(server.context.database.db)).toEqual({
      likes: 0,
      comments: 0,
      posts: 0,
    });
    // Only files of recorded posts: no upload that was refused left a file, a temp file or a row.
    expect(filesUnder(path.join(server.dataDir, 'storage'))).toEqual(
      await referencedKeys(server.context.database.db),
    );
    const outagePosts = await server.context.database.db
      .selectFrom('posts')
      .select('id')
      .where('caption', '=', 'during the outage')
      .execute();
    expect(outagePosts).toEqual([]);

    const like = await request(`/api/posts/${fixtures.postId}/like`, {
      method: 'PUT',
      token: readers[0]!.token,
    });
    expect(like.status).toBe(200);
    expect((await request('/api/posts', { token: owner.token })).status).toBe(200);
    const upload = await uploadPost(server, owner, fixtures.image, { caption: 'after' });
    expect(upload.status).toBe(201);
    const session = await request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: owner.email, password: owner.password },
    });
    expect(session.status).toBe(200);
    fixtures.spareToken = session.body.session.token as string;
  }

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', recordUncaught);
    cluster = await startPostgresCluster({ durableCommits: true });
    server = await startTestServer(
      'postgres',
      {
        DATABASE_POOL_SIZE: '5',
        DATABASE_CONNECT_TIMEOUT_MS: String(connectTimeoutMs),
        DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
      },
      {
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-pg-faults-')),
        databaseUrl: cluster.url,
      },
    );
    owner = await signUpUser(server);
    readers = [await signUpUser(server), await signUpUser(server), await signUpUser(server)];
    const image = await makeJpeg(640, 480);
    const post = await uploadPost(server, owner, image, { caption: 'before' });
    expect(post.status).toBe(201);
    storageUrl = post.body.image_url as string;
    const spare = await request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: owner.email, password: owner.password },
    });
    fixtures = {
      user: owner,
      spareToken: spare.body.session.token as string,
      postId: post.body.id as string,
      image,
    };
  }, 30_000);

  afterEach(() => {
    expect(uncaught).toEqual([]);
  });

  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', recordUncaught);
    cluster?.signal('SIGCONT');
    await server?.close();
    cluster?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('survives PostgreSQL killed with SIGKILL under concurrent uploads, likes and comments: in-flight writes fail with 503, counters stay exact, no restart needed', async () => {
    const write = (i: number) => {
      const reader = readers[i % readers.length]!;
      const pathname = `/api/posts/${fixtures.postId}`;
      return timed(`write ${i}`, () =>
        i % 5 === 0
          ? request(`${pathname}/comments`, {
              method: 'POST',
              token: reader.token,
              json: { content: `c${i}` },
            })
          : request(`${pathname}/like`, { method: i % 2 ? 'PUT' : 'DELETE', token: reader.token }),
      );
    };
    // Uploads still decoding when the database dies: each is either recorded or leaves nothing.
    const uploads = Array.from({ length: 4 }, (_, i) =>
      uploadPost(server, owner, fixtures.image, { caption: `killed ${i}` }),
    );
    const before = Array.from({ length: 50 }, (_, i) => write(i));
    await new Promise((resolve) => setTimeout(resolve, 20));
    cluster.signal('SIGKILL');
    const after = Array.from({ length: 50 }, (_, i) => write(50 + i));
    const answers: TimedAnswer[] = await Promise.all([...before, ...after]);
    const uploaded = await Promise.all(uploads);
    for (const upload of uploaded) expect([201, 503]).toContain(upload.status);

    const refused = answers.filter((answer) => answer.status >= 500);
    expect(refused.length).toBeGreaterThan(0);
    expectRefusals(refused, boundMs);
    for (const answer of answers) expect([200, 201, 503], answer.route).toContain(answer.status);
    // An upload that got its 201 before the kill is kept; the others left nothing (checked below).
    await server.context.database.db
      .updateTable('posts')
      .set({ caption: 'kept' })
      .where('caption', '=', 'during the outage')
      .execute()
      .catch(() => undefined);
    expect((await request('/healthz')).status).toBe(200);

    cluster.start();
    await expectHealedAndExact();
    const recorded = await server.context.database.db
      .selectFrom('posts')
      .select('id')
      .where('caption', 'like', 'killed %')
      .execute();
    expect(recorded.map((post) => post.id).sort()).toEqual(
      uploaded.flatMap((upload) => (upload.status === 201 ? [upload.body.id] : [])).sort(),
    );
  }, 60_000);

  it('answers 503 unavailable with Retry-After on every route while PostgreSQL is stopped; /healthz and signed stored files still answer; all works again when it is back', async () => {
    cluster.shutDown();
    const answers = await probeDatabaseRoutes(server, fixtures);
    expectRefusals(answers, boundMs);
    expect(answers.find((answer) => answer.route === 'readiness')?.message).toBe(
      'Not ready: database unavailable',
    );
    expect((await request('/healthz')).status).toBe(200);
    // A signed file URL (a private account's) proves access on its own: served without the
    // database. An unsigned one needs it to know its owner is still public: 503, never a guess.
    const key = new URL(storageUrl, 'http://x').pathname.replace(/^\/storage\//, '');
    expect((await request(server.context.signer.sign(key))).status).toBe(200);
    const unsigned = await request(storageUrl);
    expect(unsigned.status).toBe(503);
    expect(unsigned.headers.get('retry-after')).not.toBeNull();

    cluster.start();
    await expectHealedAndExact();
  }, 60_000);

  it('answers 503 within the bound on every route while PostgreSQL is frozen (SIGSTOP), and heals after SIGCONT', async () => {
    cluster.signal('SIGSTOP');
    try {
      // Twice: the first round meets the pool's open connections, the second new ones.
      expectRefusals(await probeDatabaseRoutes(server, fixtures), boundMs);
      expectRefusals(await probeDatabaseRoutes(server, fixtures), boundMs);
      expect((await request('/healthz')).status).toBe(200);
    } finally {
      cluster.signal('SIGCONT');
    }
    await expectHealedAndExact();
  }, 60_000);
});
