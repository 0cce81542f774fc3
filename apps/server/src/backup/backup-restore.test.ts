import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import { makeJpeg, signUpUser, uploadPost } from '../test/harness';
import type { ServerProcess } from '../test/server-process';
import { runServerScript, startServerProcess } from '../test/server-process';

/**
 * Acceptance: `npm run backup` of a running instance while writes go on, `npm run restore` into
 * a new DATA_DIR, a server started on it, and everything that existed when the backup began is
 * there. Both servers and both commands are processes of their own, as in production.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pinhole-backup-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface RecordedPost {
  id: string;
  owner: TestUser;
  caption: string;
  /** Every URL of its photos and their variants (signed ones for the private account). */
  files: Map<string, string>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function fetchFile(server: ServerProcess, url: string) {
  const response = await fetch(server.url + url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function recordPost(server: ServerProcess, id: string, owner: TestUser) {
  const post = (await server.request(`/api/posts/${id}`, { token: owner.token })).body as {
    caption: string;
    images: { url: string; variants: { url: string }[] }[];
  };
  const files = new Map<string, string>();
  for (const url of post.images.flatMap((image) => [
    image.url,
    ...image.variants.map((v) => v.url),
  ])) {
    const file = await fetchFile(server, url);
    expect(file.status, url).toBe(200);
    files.set(url, sha256(file.bytes));
  }
  return { id, owner, caption: post.caption, files };
}

/** Every public post, through the anonymous feed's cursor. */
async function publicPosts(server: ServerProcess) {
  const posts: { id: string; images: { url: string; variants: { url: string }[] }[] }[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = (await server.request(`/api/posts?limit=50${query}`)).body as {
      posts: typeof posts;
      next_cursor: string | null;
    };
    posts.push(...page.posts);
    cursor = page.next_cursor;
  } while (cursor);
  return posts;
}

/** New posts, likes and comments, one after another, until stopped. */
function keepWriting(server: ServerProcess, author: TestUser, fan: TestUser, photo: Buffer) {
  let stopped = false;
  let writes = 0;
  const failures: string[] = [];
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const post = await uploadPost(server, author, photo, { caption: `during the backup ${n}` });
      if (post.status !== 201) {
        failures.push(`upload ${post.status}`);
        continue;
      }
      const like = await server.request(`/api/posts/${post.body.id}/like`, {
        method: 'PUT',
        token: fan.token,
      });
      const comment = await server.request(`/api/posts/${post.body.id}/comments`, {
        method: 'POST',
        json: { content: `written during the backup ${n}` },
        token: fan.token,
      });
      if (like.status !== 200) failures.push(`like ${like.status}`);
      if (comment.status !== 201) failures.push(`comment ${comment.status}`);
      writes += 3;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { writes, failures };
    },
  };
}

it('backs up a serving instance during writes and restores every post, file, like and session', async () => {
  const dataDir = path.join(work, 'live');
  const archive = path.join(work, 'pinhole-backup.zip');
  const live = await startServerProcess({ DATA_DIR: dataDir });
  const recorded: RecordedPost[] = [];
  const likes: { postId: string; fan: TestUser }[] = [];
  let people!: TestUser[];
  let backup!: Awaited<ReturnType<typeof runServerScript>>;
  try {
    people = [await signUpUser(live), await signUpUser(live), await signUpUser(live)];
    const [alice, bob, carol] = people as [TestUser, TestUser, TestUser];
    // Carol's account is private: her photos are served through signed URLs only.
    const privacy = await live.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: carol.token,
    });
    expect(privacy.status).toBe(200);
    for (let n = 0; n < 6; n++) {
      const owner = people[n % 3]!;
      const created = await uploadPost(live, owner, await makeJpeg(640 + n * 16, 480), {
        caption: `before the backup ${n}`,
      });
      expect(created.status).toBe(201);
      recorded.push(await recordPost(live, created.body.id as string, owner));
    }
    for (const post of recorded) {
      if (post.owner === carol) continue;
      for (const fan of people.filter((person) => person !== post.owner)) {
        const liked = await live.request(`/api/posts/${post.id}/like`, {
          method: 'PUT',
          token: fan.token,
        });
        expect(liked.status).toBe(200);
        likes.push({ postId: post.id, fan });
      }
    }
    expect([...recorded[2]!.files.keys()].every((url) => /[?&]sig=/.test(url))).toBe(true);

    // What existed when the backup began is recorded above; from here writes go on throughout.
    const writer = keepWriting(live, alice, bob, await makeJpeg(800, 600));
    backup = await runServerScript('backup-cli.ts', ['backup', archive], { DATA_DIR: dataDir });
    const during = await writer.stop();
    expect(during.failures).toEqual([]);
    expect(during.writes).toBeGreaterThan(0);
  } finally {
    await live.stop();
  }
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toMatch(
    new RegExp(`^Backed up ${dataDir} into ${archive} \\([\\d.]+ MB\\): 3 people, \\d+ posts, `),
  );
  expect(fs.existsSync(`${archive}.partial`)).toBe(false);
  // The snapshot was taken while the writes went on: it holds some of the posts they made.
  const postsInBackup = Number(/(\d+) posts/.exec(backup.stdout)?.[1]);
  expect(postsInBackup).toBeGreaterThan(recorded.length);

  const restoredDir = path.join(work, 'restored', 'data');
  const restore = await runServerScript('backup-cli.ts', ['restore', archive], {
    DATA_DIR: restoredDir,
  });
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  expect(restore.stdout).toContain(`into ${restoredDir}: 3 people, ${postsInBackup} posts`);
  // The hidden folder the archive was unpacked in is gone; only the database and files are left.
  expect(fs.readdirSync(path.join(work, 'restored'))).toEqual(['data']);
  expect(fs.readdirSync(restoredDir).sort()).toEqual(['pinhole.db', 'storage']);

  const restored = await startServerProcess({ DATA_DIR: restoredDir });
  try {
    for (const person of people) {
      // The old session cookie still signs in.
      const session = await restored.request('/api/auth/session', { cookie: person.cookie });
      expect(session.body?.user?.id).toBe(person.id);
    }
    for (const post of recorded) {
      const again = await restored.request(`/api/posts/${post.id}`, { token: post.owner.token });
      expect(again.status).toBe(200);
      expect(again.body.caption).toBe(post.caption);
      // The same URLs, signed ones included (the signing key is in the database), same bytes.
      for (const [url, hash] of post.files) {
        const file = await fetchFile(restored, url);
        expect(file.status, url).toBe(200);
        expect(sha256(file.bytes), url).toBe(hash);
      }
    }
    for (const like of likes) {
      const seen = await restored.request(`/api/posts/${like.postId}`, { token: like.fan.token });
      expect(seen.body.liked_by_me).toBe(true);
    }
    // Posts written during the backup are there up to the snapshot, each with its files: the
    // snapshot is taken before the files are copied, and a file is written before its post.
    const everyPublic = await publicPosts(restored);
    const privatePosts = recorded.filter((post) => post.owner === people[2]).length;
    expect(everyPublic.length + privatePosts).toBe(postsInBackup);
    for (const post of everyPublic) {
      for (const url of post.images.flatMap((image) => [
        image.url,
        ...image.variants.map((v) => v.url),
      ])) {
        expect((await fetchFile(restored, url)).status, url).toBe(200);
      }
    }
  } finally {
    await restored.stop();
  }
}, 240_000);
