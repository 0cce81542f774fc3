import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createContext } from '../create-context';
import { loadConfig } from '../env';
import { freePort } from '../test/postgres-cluster';
import { makeJpeg } from '../test/harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('server did not start');
}

/** Case 16: SIGKILL in the middle of uploads and likes loses nothing that was committed. */
describe('crash safety', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('reopens cleanly after SIGKILL mid-write: counters exact, files present, orphans swept', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        RATE_LIMITS: 'false',
        LOG_LEVEL: 'silent',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await waitForHealth(url);

    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${url}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `c${i}@example.com`,
          password: 'secret1',
          username: `crash${i}`,
          full_name: 'Crash',
        }),
      });
      tokens.push(((await response.json()) as { session: { token: string } }).session.token);
    }
    const jpeg = await makeJpeg(1600, 1200);
    const upload = (token: string) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'p.jpg');
      return fetch(`${url}/api/posts`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
    };
    const first = (await (await upload(tokens[0]!)).json()) as { id: string };

    const inFlight: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++)
      inFlight.push(upload(tokens[i % tokens.length]!).catch(() => null));
    for (let i = 0; i < 500; i++) {
      inFlight.push(
        fetch(`${url}/api/posts/${first.id}/like`, {
          method: i % 3 ? 'PUT' : 'DELETE',
          headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
        }).catch(() => null),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    child.kill('SIGKILL');
    await exited;
    await Promise.all(inFlight);

    // An orphan as a crash between writing a file and recording its post would leave it.
    const orphanDir = path.join(
      dataDir,
      'storage/user-uploads/01890000-0000-7000-8000-000000000000/posts',
    );
    fs.mkdirSync(orphanDir, { recursive: true });
    const orphan = path.join(orphanDir, '1700000000000.jpg');
    fs.writeFileSync(orphan, jpeg);

    const context = await createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const db = context.database.db;
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(integrity.rows[0]?.integrity_check).toBe('ok');

      const posts = await db.selectFrom('posts').selectAll().execute();
      expect(posts.length).toBeGreaterThanOrEqual(1);
      for (const post of posts) {
        const likes = await db
          .selectFrom('likes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('post_id', '=', post.id)
          .executeTakeFirstOrThrow();
        expect(Number(post.likes_count)).toBe(Number(likes.n));
        const media = await db
          .selectFrom('media_attachments')
          .select(['file_key', 'variants'])
          .where('post_id', '=', post.id)
          .execute();
        expect(media.length, post.id).toBeGreaterThanOrEqual(1);
        const keys = media.flatMap((item) => [
          item.file_key,
          ...(JSON.parse(item.variants) as { key: string }[]).map((v) => v.key),
        ]);
        for (const key of keys) expect(await context.storage.head(key), key).not.toBeNull();
      }
      const profiles = await db.selectFrom('profiles').select(['id', 'posts_count']).execute();
      for (const profile of profiles) {
        const owned = posts.filter((post) => post.user_id === profile.id).length;
        expect(Number(profile.posts_count)).toBe(owned);
      }

      const referenced = posts.length;
      const removed = (await context.services.sweep.run(Date.now() + 60 * 60 * 1000)).removed;
      expect(removed).toBeGreaterThanOrEqual(1);
      expect(fs.existsSync(orphan)).toBe(false);
      const kept = await db.selectFrom('media_attachments').select('file_key').execute();
      for (const item of kept) expect(await context.storage.head(item.file_key)).not.toBeNull();
      expect((await db.selectFrom('posts').select('id').execute()).length).toBe(referenced);
    } finally {
      await context.database.close();
    }
  }, 60_000);
});
