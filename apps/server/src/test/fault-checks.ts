import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../db/schema';
import type { RequestOptions, TestResponse, TestServer, TestUser } from './harness';
import { uploadPost } from './harness';

/** One answer and how long it took. */
export interface TimedAnswer {
  route: string;
  status: number;
  code: unknown;
  message: unknown;
  retryAfter: string | null;
  ms: number;
}

export async function timed(route: string, run: () => Promise<TestResponse>): Promise<TimedAnswer> {
  const started = performance.now();
  const response = await run();
  return {
    route,
    status: response.status,
    code: response.body?.error?.code,
    message: response.body?.error?.message,
    retryAfter: response.headers.get('retry-after'),
    ms: Math.round(performance.now() - started),
  };
}

/** What every route is expected to answer while a dependency is down: the error shape, in time. */
export function expectRefusals(
  answers: readonly TimedAnswer[],
  boundMs: number,
  expected: { status: number; code: string } = { status: 503, code: 'unavailable' },
): void {
  for (const answer of answers) {
    expect(answer, answer.route).toMatchObject({
      status: expected.status,
      code: expected.code,
      message: expect.any(String),
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    expect(answer.ms, `${answer.route} answered in ${answer.ms} ms`).toBeLessThan(boundMs);
  }
}

export interface RouteFixtures {
  user: TestUser;
  /** A second session of `user`, spent on the sign-out probe. */
  spareToken: string;
  postId: string;
  image: Buffer;
}

/** Every route that reaches the database, once, concurrently. */
export function probeDatabaseRoutes(
  server: Pick<TestServer, 'request'>,
  { user, spareToken, postId, image }: RouteFixtures,
): Promise<TimedAnswer[]> {
  const call = (route: string, pathname: string, init: RequestOptions = {}) =>
    timed(route, () => server.request(pathname, init));
  const token = user.token;
  return Promise.all([
    call('feed, signed out', '/api/posts'),
    call('feed, signed in', '/api/posts', { token }),
    call('one post', `/api/posts/${postId}`, { token }),
    call('session', '/api/auth/session', { token }),
    call('like', `/api/posts/${postId}/like`, { method: 'PUT', token }),
    call('unlike', `/api/posts/${postId}/like`, { method: 'DELETE', token }),
    call('comments', `/api/posts/${postId}/comments`, { token }),
    call('comment', `/api/posts/${postId}/comments`, {
      method: 'POST',
      token,
      json: { content: 'during the outage' },
    }),
    call('profile', `/api/profiles/${user.id}`, { token }),
    call('profile posts', `/api/profiles/${user.id}/posts`, { token }),
    call('sign-in', '/api/auth/sign-in', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    }),
    call('sign-up', '/api/auth/sign-up', {
      method: 'POST',
      json: {
        email: `outage${Date.now()}@example.com`,
        password: 'secret-password',
        username: `outage_${Date.now()}`,
        full_name: 'Outage',
      },
    }),
    call('sign-out', '/api/auth/sign-out', { method: 'POST', token: spareToken }),
    timed('upload', () => uploadPost(server, user, image, { caption: 'during the outage' })),
    call('readiness', '/readyz'),
  ]);
}

/** Rows whose stored counter differs from the rows it counts: zero when nothing was lost. */
export async function countersOff(db: Kysely<DB>): Promise<Record<string, number>> {
  const { rows } = await sql<{ likes: number; comments: number; posts: number }>`
    select
      (select count(*) from posts p
        where p.likes_count <> (select count(*) from likes l where l.post_id = p.id)) as likes,
      (select count(*) from posts p
        where p.comments_count <> (select count(*) from comments c where c.post_id = p.id)) as comments,
      (select count(*) from profiles f
        where f.posts_count <> (select count(*) from posts p where p.user_id = f.id)) as posts
  `.execute(db);
  const row = rows[0];
  return { likes: Number(row?.likes), comments: Number(row?.comments), posts: Number(row?.posts) };
}

/** Every storage key the posts' media reference (originals and variants). */
export async function referencedKeys(db: Kysely<DB>): Promise<string[]> {
  const media = await db.selectFrom('media_attachments').select(['file_key', 'variants']).execute();
  return media
    .flatMap((photo) => [
      photo.file_key,
      ...(JSON.parse(photo.variants) as { key: string }[]).map((variant) => variant.key),
    ])
    .sort();
}

/** Every file under a local storage root, as keys (temp files included, so they show). */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .map((key) => key.split(path.sep).join('/'))
    .sort();
}

/** Polls until `check` passes or `timeoutMs` runs out (then fails with its last error). */
export async function eventually(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
