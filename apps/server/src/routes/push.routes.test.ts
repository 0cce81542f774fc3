import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';
import { startPushService } from '../test/push-service';

type Server = Awaited<ReturnType<typeof startTestServer>>;

async function waitFor<T>(read: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const allOn = { likes: true, comments: true, follows: true, follow_requests: true, mentions: true };

describe.each(dialects)('web push on %s', (dialect) => {
  let server: Server;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let author: TestUser;
  let liker: TestUser;

  beforeAll(async () => {
    pushService = await startPushService();
    server = await startTestServer(dialect, {
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      PUBLIC_URL: 'http://pinhole.test',
    });
    author = await signUpUser(server);
    liker = await signUpUser(server);
  });
  afterAll(async () => {
    await disposeTestServer(server);
    await pushService.close();
  });

  it('offers one VAPID key, made once and kept', async () => {
    const first = await server.request('/api/push/key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.public_key, 'base64url')).toHaveLength(65);
    const again = await server.request('/api/push/key');
    expect(again.body.public_key).toBe(first.body.public_key);
  });

  it('subscribes signed-in browsers only, once per endpoint', async () => {
    const subscription = pushService.subscription();
    const anonymous = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: subscription,
    });
    expect(anonymous.status).toBe(401);
    const created = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: subscription,
      token: liker.token,
    });
    expect(created.status).toBe(201);
    const again = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: subscription,
      token: liker.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    const removed = await server.request('/api/push/subscriptions', {
      method: 'DELETE',
      json: { endpoint: subscription.endpoint },
      token: liker.token,
    });
    expect(removed.status).toBe(204);
    const malformed = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: { endpoint: 'not a url', keys: {} },
      token: liker.token,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('validation_error');
  });

  it('keeps notification settings, every kind on until turned off', async () => {
    const before = await server.request('/api/me/notification-settings', { token: liker.token });
    expect(before.body).toEqual({ push: allOn });
    const put = await server.request('/api/me/notification-settings', {
      method: 'PUT',
      json: { push: { ...allOn, comments: false } },
      token: liker.token,
    });
    expect(put.status).toBe(200);
    const after = await server.request('/api/me/notification-settings', { token: liker.token });
    expect(after.body.push.comments).toBe(false);
  });

  it("pushes another person's like within 5 s, encrypted, signed; off stops it; 410 unsubscribes", async () => {
    const subscription = pushService.subscription();
    const subscribed = await server.request('/api/push/subscriptions', {
      method: 'POST',
      json: subscription,
      token: author.token,
    });
    expect(subscribed.status).toBe(201);
    const post = (await uploadPost(server, author, await makeJpeg(40, 30))).body;
    const key = (await server.request('/api/push/key')).body.public_key;

    const start = Date.now();
    const seen = pushService.received.length;
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: liker.token });
    const push = await waitFor(() => pushService.received[seen], 5_000);
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(pushService.failures).toEqual([]);
    expect(push.encoding).toBe('aes128gcm');
    expect(push.vapidKey).toBe(key);
    expect(push.claims.aud).toBe(pushService.origin);
    expect(push.claims.sub).toBe('mailto:admin@pinhole.test');
    expect(push.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(push.payload).toMatchObject({
      title: 'Pinhole',
      body: `${liker.username} liked your post.`,
      url: `http://pinhole.test/p/${post.id}`,
    });

    // Likes turned off: the next like sends nothing.
    await server.request('/api/me/notification-settings', {
      method: 'PUT',
      json: { push: { ...allOn, likes: false } },
      token: author.token,
    });
    const other = await signUpUser(server);
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: other.token });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(pushService.received).toHaveLength(seen + 1);

    // Likes back on, and the push service says the subscription is gone.
    await server.request('/api/me/notification-settings', {
      method: 'PUT',
      json: { push: allOn },
      token: author.token,
    });
    pushService.answer(410);
    const third = await signUpUser(server);
    await server.request(`/api/posts/${post.id}/like`, { method: 'PUT', token: third.token });
    await waitFor(() => pushService.received[seen + 1], 5_000);
    const db = server.context.database.db;
    const deadline = Date.now() + 5_000;
    let left = 1;
    while (left > 0 && Date.now() < deadline) {
      left = (
        await db
          .selectFrom('push_subscriptions')
          .select('id')
          .where('endpoint', '=', subscription.endpoint)
          .execute()
      ).length;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(left).toBe(0);
    pushService.answer(201);
  });
});
