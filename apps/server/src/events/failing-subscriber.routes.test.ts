import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe.each(dialects)('a failing event subscriber on %s', (dialect) => {
  let server: Server;
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect, {}, undefined, {
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>),
        },
      },
    });
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  it('never fails the action, nor the other subscribers, and is logged', async () => {
    const [author, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const upload = await uploadPost(server, author, await makeJpeg(400, 300));
    expect(upload.status).toBe(201);
    const postId = (upload.body as { id: string }).id;
    const off = server.context.events.on('like.added', () => {
      throw new Error('push service down');
    });
    try {
      const liked = await server.request(`/api/posts/${postId}/like`, {
        method: 'PUT',
        token: fan.token,
      });
      expect(liked.status).toBe(200);
      expect(liked.body).toEqual({ liked: true, likes_count: 1 });
    } finally {
      off();
    }
    const seen = await server.request(`/api/posts/${postId}`, { token: fan.token });
    expect(seen.body).toMatchObject({ liked_by_me: true, likes_count: 1 });
    // The notifications subscriber, which ran before the failing one, still told the author.
    const told = await server.request('/api/notifications', { token: author.token });
    expect(
      (told.body as { notifications: { type: string }[] }).notifications.map((n) => n.type),
    ).toEqual(['like']);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'event handler failed',
        event: 'like.added',
        err: expect.objectContaining({ message: 'push service down' }),
      }),
    );
  });
});
