import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerApplicationName } from './db/notification-signals';
import type { OpenedStream } from './test/event-stream';
import { openEventStream } from './test/event-stream';
import {
  createPostgresDatabase,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from './test/harness';

type Instance = Awaited<ReturnType<typeof startTestServer>>;

/** The promise of live events: an action on one instance reaches a stream on another within 2 s. */
const deliveryMs = 2_000;

function startInstance(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-events-cluster-'));
  return startTestServer('postgres', {}, { dataDir, databaseUrl });
}

describe('live events across two instances on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let a: Instance;
  let b: Instance;
  let jpeg: Buffer;
  const opened: OpenedStream[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // One after the other: the first migrates, the second finds it done.
    a = await startInstance(database.url);
    b = await startInstance(database.url);
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(async () => {
    for (const stream of opened) stream.close();
    for (const instance of [a, b]) {
      if (!instance) continue;
      await instance.close();
      fs.rmSync(instance.dataDir, { recursive: true, force: true });
    }
    await database.drop();
  });

  const open = async (instance: Instance, token: string) => {
    const stream = await openEventStream(instance.url, token);
    opened.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };

  /** The listening connections of this test's database. */
  const listeners = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where application_name = ${listenerApplicationName} and datname = current_database()`.execute(
      a.context.database.db,
    );
    return rows;
  };

  it('a like, a comment and a read made on A reach the author streaming from B', async () => {
    const author = await signUpUser(a);
    const fan = await signUpUser(b);
    const post = (await uploadPost(a, author, jpeg)).body as { id: string };
    const onB = await open(b, author.token);
    expect(await onB.nextCount()).toBe(0);

    await a.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    expect(await onB.nextCount(deliveryMs)).toBe(1);
    await a.request(`/api/posts/${post.id}/comments`, {
      method: 'POST',
      json: { content: 'from A' },
      token: fan.token,
    });
    expect(await onB.nextCount(deliveryMs)).toBe(2);
    // Read on A: B's badge clears; the list on B agrees.
    await a.request('/api/notifications/read', { method: 'POST', token: author.token });
    expect(await onB.nextCount(deliveryMs)).toBe(0);
    const list = await b.request('/api/notifications', { token: author.token });
    expect(list.body.unread_count).toBe(0);
    expect(list.body.notifications.map((n: { type: string }) => n.type)).toEqual([
      'comment',
      'like',
    ]);
  });

  it('holds one listening connection per instance, however many streams are open', async () => {
    const user = await signUpUser(a);
    const streams = [
      await open(a, user.token),
      await open(a, user.token),
      await open(b, user.token),
    ];
    for (const stream of streams) expect(await stream.nextCount()).toBe(0);
    await expect.poll(async () => (await listeners()).length).toBe(2);
  });

  it('reconnects when its listening connection is cut, and counts again what it may have missed', async () => {
    const author = await signUpUser(a);
    const fan = await signUpUser(a);
    const post = (await uploadPost(a, author, jpeg)).body as { id: string };
    const onB = await open(b, author.token);
    expect(await onB.nextCount()).toBe(0);

    const cut = await listeners();
    expect(cut.length).toBeGreaterThan(0);
    for (const { pid } of cut) {
      await sql`select pg_terminate_backend(${pid})`.execute(a.context.database.db);
    }
    // Made while nobody listens (or just after): still told, once the listener is back.
    await a.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: fan.token });
    expect(await onB.nextCount(deliveryMs + 1_000)).toBe(1);
    await expect.poll(async () => (await listeners()).length, { timeout: 5_000 }).toBe(2);
    // And live again afterwards.
    await a.request(`/api/profiles/${author.id}/follow`, { method: 'PUT', token: fan.token });
    expect(await onB.nextCount(deliveryMs)).toBe(2);
  });
});
