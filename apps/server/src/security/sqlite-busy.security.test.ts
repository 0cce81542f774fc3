import { spawn } from 'node:child_process';
import { sqliteDriverPath } from '../db/sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

const betterSqlitePath = sqliteDriverPath;
const lockHolderScript = `
  const Database = require(${JSON.stringify(betterSqlitePath)});
  const db = new Database(process.argv[1]);
  db.exec('BEGIN IMMEDIATE');
  db.prepare("insert into comments (id, post_id, user_id, content, created_at) select 'x', id, user_id, 'held', '2000-01-01T00:00:00.000Z' from posts where 0").run();
  process.stdout.write('locked');
  setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);
`;

/** Case 17: writers queue behind SQLite's lock instead of failing with SQLITE_BUSY. */
describe('SQLite under write contention', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let user: TestUser;
  let postId: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    user = await signUpUser(server);
    postId = (await uploadPost(server, user, await makeJpeg(32, 32))).body.id;
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('50 concurrent writers all succeed, even while another process holds the write lock', async () => {
    // Another process (a seed script, the sweeper, a second server) holds the write lock for a moment.
    const holder = spawn(
      process.execPath,
      ['-e', lockHolderScript, `${server.dataDir}/pinhole.db`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? server.request(`/api/posts/${postId}/comments`, {
              method: 'POST',
              json: { content: `w${i}` },
              token: user.token,
            })
          : server.request(`/api/posts/${postId}/like`, {
              method: i % 4 ? 'PUT' : 'DELETE',
              token: user.token,
            }),
      ),
    );
    expect(results.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
    const post = await server.request(`/api/posts/${postId}`);
    expect(post.body.comments_count).toBe(25);
  });
});
