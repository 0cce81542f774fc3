import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

/**
 * Every request reads the change log before it reads a cache. On PostgreSQL that read has a
 * connection of its own: in the pool's queue it waited behind every write queued before it.
 */
describe('the change log on postgres', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let reader: TestUser;

  beforeAll(async () => {
    // One pooled connection, so that holding it leaves the pool with none.
    server = await startTestServer('postgres', { DATABASE_POOL_SIZE: '1' });
    const author = await signUpUser(server);
    reader = await signUpUser(server);
    await uploadPost(server, author, await makeJpeg(64, 48));
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('is read while every pooled connection is busy: a cached page answers before they are free', async () => {
    // The page and the reader's session are cached.
    expect((await server.request('/api/posts?limit=5', { token: reader.token })).status).toBe(200);
    const order: string[] = [];
    const holding = sql`select pg_sleep(1.5)`
      .execute(server.context.database.db)
      .then(() => order.push('pool free'));
    // The pool's one connection is lent out once the statement has been sent.
    await expect.poll(() => server.context.database.poolUse()?.idle).toBe(0);
    const page = await server.request('/api/posts?limit=5', { token: reader.token });
    order.push('page answered');
    await holding;
    expect(page.status).toBe(200);
    expect(page.body.posts).toHaveLength(1);
    expect(order).toEqual(['page answered', 'pool free']);
  });
});
