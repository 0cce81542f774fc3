import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  TestClock,
  uploadPost,
} from '../test/harness';
import { startPushService } from '../test/push-service';

type Server = Awaited<ReturnType<typeof startTestServer>>;

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dialects)('web push, grouped and retried, on %s', (dialect) => {
  let server: Server;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let author: TestUser;
  let postId: string;
  // The app's clock stands still unless a test moves it: a retry is due only when it says so.
  const clock = new TestClock();

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer(
      dialect,
      { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', PUBLIC_URL: 'http://pinhole.test' },
      undefined,
      { clock },
    );
    author = await signUpUser(server);
    const subscribed = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: pushService.subscription(),
      token: author.token,
    });
    expect(subscribed.status).toBe(201);
    postId = (await uploadPost(server, author, await makeJpeg(40, 30))).body.id as string;
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await pushService.close();
  });

  const like = (liker: TestUser) =>
    server.request(`/api/posts/${postId}/like`, { method: 'PUT', token: liker.token });

  it('sums up likes that arrive together in one push instead of buzzing for each', async () => {
    const likers = await Promise.all([signUpUser(server), signUpUser(server), signUpUser(server)]);
    const seen = pushService.received.length;
    await Promise.all(likers.map(like));
    const push = await waitFor(() => pushService.received[seen], 5_000);
    // Nothing more comes for the same three likes.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(pushService.received).toHaveLength(seen + 1);
    expect(pushService.failures).toEqual([]);
    expect(push.payload).toMatchObject({
      title: 'Pinhole',
      body: expect.stringMatching(/ liked your post\. And 2 more notifications\.$/),
      url: `http://pinhole.test/p/${postId}`,
      tag: `/p/${postId}`,
    });
  });

  it('tries again later when the push service could not take a push', async () => {
    const liker = await signUpUser(server);
    const seen = pushService.received.length;
    pushService.answer(500);
    await like(liker);
    // Refused once (the service decrypted it, then answered 500); the delivery waits its turn.
    await waitFor(() => pushService.received[seen], 5_000);
    const db = server.context.database.db;
    const waiting = await waitFor(async () => {
      const row = await db
        .selectFrom('push_deliveries')
        .select(['attempts', 'next_attempt_at'])
        .executeTakeFirst();
      return row && row.attempts === 1 ? row : undefined;
    }, 5_000);
    expect(Date.parse(waiting.next_attempt_at)).toBeGreaterThan(clock.at);

    pushService.answer(201);
    // Not yet due: a pass over the queue sends nothing.
    server.context.services.pushDeliveries.kick();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushService.received).toHaveLength(seen + 1);

    clock.set(Date.parse(waiting.next_attempt_at) + 1);
    server.context.services.pushDeliveries.kick();
    const retried = await waitFor(() => pushService.received[seen + 1], 5_000);
    expect(retried.payload).toMatchObject({ body: `${liker.username} liked your post.` });
    await waitFor(async () => {
      const left = await db.selectFrom('push_deliveries').select('id').execute();
      return left.length === 0 ? true : undefined;
    }, 5_000);
  });
});
