import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteDriverPath } from '../db/sqlite-driver';
import type { TimedAnswer } from '../test/fault-checks';
import {
  countersOff,
  expectRefusals,
  filesUnder,
  referencedKeys,
  timed,
} from '../test/fault-checks';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser, startTestServer, uploadPost } from '../test/harness';
import type { SmallDisk } from '../test/small-disk';
import { smallDisk } from '../test/small-disk';

/** SQLite's busy timeout here; the production default is 5 s. */
const queryTimeoutMs = 500;
/** One lock wait (or one write to a full disk), plus decoding an image and a busy machine. */
const boundMs = queryTimeoutMs + 2000;

const lockHolderScript = `
  const Database = require(${JSON.stringify(sqliteDriverPath)});
  const db = new Database(process.argv[1]);
  db.exec('BEGIN IMMEDIATE');
  process.stdout.write('locked');
  setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
`;

/** The real server on SQLite and local storage, the storage folder on a disk that can fill up. */
describe('the server when its disk fills up or SQLite stays locked', () => {
  let dataDir: string;
  let disk: SmallDisk;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  let image: Buffer;
  let postId: string;

  const storageRoot = () => path.join(dataDir, 'storage');
  const storedFiles = () => filesUnder(storageRoot()).filter((key) => key !== 'filler.bin');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-disk-faults-'));
    disk = smallDisk(storageRoot());
    server = await startTestServer(
      'sqlite',
      { DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs) },
      { dataDir },
    );
    user = await signUpUser(server);
    image = await makeJpeg(800, 600);
    const post = await uploadPost(server, user, image, { caption: 'before' });
    expect(post.status).toBe(201);
    postId = post.body.id as string;
  }, 30_000);

  afterAll(async () => {
    await server?.close();
    disk?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an upload to a full disk answers 507 insufficient_storage with Retry-After, leaves no file (not even a temp file) and no post; once space is back uploads work', async () => {
    disk.fill();
    try {
      const answer = await timed('upload', () =>
        uploadPost(server, user, image, { caption: 'refused' }),
      );
      expectRefusals([answer], boundMs, { status: 507, code: 'insufficient_storage' });
      expect(storedFiles()).toEqual(await referencedKeys(server.context.database.db));
      // Everything that does not need the full disk goes on.
      const like = await server.request(`/api/posts/${postId}/like`, {
        method: 'PUT',
        token: user.token,
      });
      expect(like.status).toBe(200);
    } finally {
      disk.free();
    }
    const refused = await server.context.database.db
      .selectFrom('posts')
      .select('id')
      .where('caption', '=', 'refused')
      .execute();
    expect(refused).toEqual([]);
    expect((await uploadPost(server, user, image, { caption: 'after' })).status).toBe(201);
    expect(storedFiles()).toEqual(await referencedKeys(server.context.database.db));
  });

  it('SQLite out of room (SQLITE_FULL) answers 507 insufficient_storage, loses nothing, and works once there is room', async () => {
    const { db } = server.context.database;
    // The database may not grow by a single page: the next write that needs one fails as on a
    // full disk, with SQLite's own SQLITE_FULL.
    await sql`pragma max_page_count = 1`.execute(db);
    const content = 'x'.repeat(2200);
    let answer: TimedAnswer | undefined;
    try {
      for (let attempt = 0; attempt < 100; attempt++) {
        answer = await timed('comment', () =>
          server.request(`/api/posts/${postId}/comments`, {
            method: 'POST',
            token: user.token,
            json: { content },
          }),
        );
        if (answer.status !== 201) break;
      }
    } finally {
      await sql`pragma max_page_count = 1073741823`.execute(db);
    }
    expect(answer).toBeDefined();
    expectRefusals([answer!], boundMs, { status: 507, code: 'insufficient_storage' });
    expect(await countersOff(db)).toEqual({ likes: 0, comments: 0, posts: 0 });
    const comment = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      token: user.token,
      json: { content: 'room again' },
    });
    expect(comment.status).toBe(201);
  });

  it('writes wait for a lock another process holds at most the query timeout, then answer 503 with Retry-After; reads go on; all works once it is released', async () => {
    const holder = spawn(
      process.execPath,
      ['-e', lockHolderScript, path.join(dataDir, 'pinhole.db'), '3000'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const released = new Promise((resolve) => holder.once('exit', resolve));
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    // One at a time: better-sqlite3 waits for the lock synchronously, so concurrent writes
    // would queue behind each other's waits (see docs/operations.md).
    const answers = [
      await timed('like', () =>
        server.request(`/api/posts/${postId}/like`, { method: 'DELETE', token: user.token }),
      ),
      await timed('comment', () =>
        server.request(`/api/posts/${postId}/comments`, {
          method: 'POST',
          token: user.token,
          json: { content: 'while locked' },
        }),
      ),
      await timed('upload', () => uploadPost(server, user, image, { caption: 'refused' })),
    ];
    expectRefusals(answers, boundMs);
    expect((await server.request('/api/posts', { token: user.token })).status).toBe(200);
    await released;

    expect(storedFiles()).toEqual(await referencedKeys(server.context.database.db));
    expect(await countersOff(server.context.database.db)).toEqual({
      likes: 0,
      comments: 0,
      posts: 0,
    });
    const unlike = await server.request(`/api/posts/${postId}/like`, {
      method: 'DELETE',
      token: user.token,
    });
    expect(unlike.status).toBe(200);
  });
});
