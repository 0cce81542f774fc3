import { notificationPageSchema } from '@pinhole/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../pagination/post-cursor';
import type { TestUser } from '../test/harness';
import {
  dialects,
  disposeTestServer,
  makeJpeg,
  signUpUser,
  startTestServer,
  uploadPost,
} from '../test/harness';

type Server = Awaited<ReturnType<typeof startTestServer>>;

interface NotificationJson {
  id: string;
  type: string;
  actor: { id: string; username: string; followed_by_me: boolean };
  post: { id: string; thumbnail_url: string } | null;
  comment: { id: string; content: string } | null;
  created_at: string;
  read: boolean;
}

describe.each(dialects)('notifications on %s', (dialect) => {
  let server: Server;
  let jpeg: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    jpeg = await makeJpeg(800, 600);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const people = (count: number) =>
    Promise.all(Array.from({ length: count }, () => signUpUser(server)));
  const share = async (author: TestUser, caption?: string) => {
    const response = await uploadPost(server, author, jpeg, { caption });
    expect(response.status).toBe(201);
    return response.body as { id: string; image: { variants: { url: string; width: number }[] } };
  };
  const notificationsOf = async (user: TestUser, query = '') => {
    const response = await server.request(`/api/notifications${query}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The route sends its JSON past the schema serializer: every page is the contract's shape,
    // nothing more (parsing drops unknown fields, so an extra one would make these differ).
    expect(notificationPageSchema.parse(response.body)).toEqual(response.body);
    return response.body as {
      notifications: NotificationJson[];
      unread_count: number;
      next_cursor: string | null;
    };
  };
  const like = (user: TestUser, postId: string, method = 'PUT') =>
    server.request(`/api/posts/${postId}/like`, { method, token: user.token });
  const comment = async (user: TestUser, postId: string, content: string) => {
    const response = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      json: { content },
      token: user.token,
    });
    expect(response.status).toBe(201);
    return response.body as { id: string };
  };
  const follow = (user: TestUser, target: TestUser, method = 'PUT') =>
    server.request(`/api/profiles/${target.id}/follow`, { method, token: user.token });
  const summary = (list: { notifications: NotificationJson[] }) =>
    list.notifications.map((n) => [
      n.type,
      n.actor.username,
      n.post?.id ?? null,
      n.comment?.content ?? null,
    ]);

  it('refuses signed-out requests with 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['GET', '/api/events'],
    ] as const) {
      const response = await server.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error.code).toBe('unauthenticated');
    }
  });

  it('a like tells the author (not the one who liked), with who did it and the thumbnail; unlike removes it', async () => {
    const [author, fan] = await people(2);
    const post = await share(author!);
    expect((await like(fan!, post.id)).status).toBe(200);
    expect((await like(fan!, post.id)).status).toBe(200); // idempotent: still one
    expect((await like(author!, post.id)).status).toBe(200); // your own like tells nobody

    const list = await notificationsOf(author!);
    expect(summary(list)).toEqual([['like', fan!.username, post.id, null]]);
    expect(list.unread_count).toBe(1);
    const [notification] = list.notifications;
    const smallest = [...post.image.variants].sort((a, b) => a.width - b.width)[0]!;
    expect(notification).toMatchObject({
      actor: { id: fan!.id, username: fan!.username, followed_by_me: false },
      post: { id: post.id, thumbnail_url: smallest.url },
      comment: null,
      read: false,
    });
    expect((await notificationsOf(fan!)).notifications).toEqual([]);

    // The Follow back button: the actor shows as followed once the author follows them.
    await follow(author!, fan!);
    expect((await notificationsOf(author!)).notifications[0]?.actor.followed_by_me).toBe(true);

    expect((await like(fan!, post.id, 'DELETE')).status).toBe(200);
    expect((await notificationsOf(author!)).notifications).toEqual([]);
    expect((await notificationsOf(author!)).unread_count).toBe(0);
  });

  it('a comment tells the author with its text; its mentions tell those named; deleting it removes both', async () => {
    const [author, commenter, named] = await people(3);
    const post = await share(author!);
    const made = await comment(
      commenter!,
      post.id,
      `nice one @${named!.username} and @${author!.username} and @nobody_here`,
    );
    await comment(author!, post.id, 'thanks!'); // the author's own comment tells nobody

    expect(summary(await notificationsOf(author!))).toEqual([
      ['comment', commenter!.username, post.id, expect.stringContaining('nice one')],
    ]);
    const forNamed = await notificationsOf(named!);
    expect(summary(forNamed)).toEqual([
      ['mention', commenter!.username, post.id, expect.stringContaining('nice one')],
    ]);
    expect(forNamed.notifications[0]?.comment?.id).toBe(made.id);

    const removed = await server.request(`/api/comments/${made.id}`, {
      method: 'DELETE',
      token: commenter!.token,
    });
    expect(removed.status).toBe(204);
    expect((await notificationsOf(author!)).notifications).toEqual([]);
    expect((await notificationsOf(named!)).notifications).toEqual([]);
  });

  it('a follow tells the one followed (no post); unfollow removes it; a request tells the owner at once', async () => {
    const [followed, follower, asker] = await people(3);
    expect((await follow(follower!, followed!)).status).toBe(200);
    expect(summary(await notificationsOf(followed!))).toEqual([
      ['follow', follower!.username, null, null],
    ]);
    expect((await follow(follower!, followed!, 'DELETE')).status).toBe(200);
    expect((await notificationsOf(followed!)).notifications).toEqual([]);

    const patched = await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: followed!.token,
    });
    expect(patched.status).toBe(200);
    expect((await follow(asker!, followed!)).body).toMatchObject({ requested: true });
    const asked = await notificationsOf(followed!);
    expect(summary(asked)).toEqual([['follow_request', asker!.username, null, null]]);
    expect(asked.unread_count).toBe(1);
    const approved = await server.request(`/api/me/follow-requests/${asker!.id}/approve`, {
      method: 'POST',
      token: followed!.token,
    });
    expect(approved.status).toBe(204);
    // The request became a follow; the one who approved it is not told of their own click.
    const after = await notificationsOf(followed!);
    expect(summary(after)).toEqual([['follow', asker!.username, null, null]]);
    expect(after.unread_count).toBe(0);
    // The one who asked is told.
    const told = await notificationsOf(asker!);
    expect(summary(told)).toEqual([['follow_accepted', followed!.username, null, null]]);
    expect(told.unread_count).toBe(1);
  });

  it('a caption tells the people it mentions; editing it tells the new ones and removes the dropped ones', async () => {
    const [author, first, second, third] = await people(4);
    const post = await share(
      author!,
      `with @${first!.username} and @${second!.username.toUpperCase()} and me @${author!.username}`,
    );
    expect(summary(await notificationsOf(first!))).toEqual([
      ['mention', author!.username, post.id, null],
    ]);
    expect(summary(await notificationsOf(second!))).toEqual([
      ['mention', author!.username, post.id, null],
    ]);
    expect((await notificationsOf(author!)).notifications).toEqual([]);
    // first reads theirs: an edit that keeps them named leaves it as it was.
    await server.request('/api/notifications/read', { method: 'POST', token: first!.token });

    const edited = await server.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      json: { caption: `with @${first!.username} and @${third!.username}` },
      token: author!.token,
    });
    expect(edited.status).toBe(200);
    const forFirst = await notificationsOf(first!);
    expect(forFirst.notifications).toHaveLength(1);
    expect(forFirst.notifications[0]?.read).toBe(true);
    expect((await notificationsOf(second!)).notifications).toEqual([]);
    expect(summary(await notificationsOf(third!))).toEqual([
      ['mention', author!.username, post.id, null],
    ]);
  });

  it("a private account's caption mentions reach only its followers", async () => {
    const [author, follower, stranger] = await people(3);
    await follow(follower!, author!);
    await server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: author!.token,
    });
    await share(author!, `@${follower!.username} @${stranger!.username}`);
    expect((await notificationsOf(follower!)).notifications).toHaveLength(1);
    expect((await notificationsOf(stranger!)).notifications).toEqual([]);
  });

  it('deleting a post removes every notification about it', async () => {
    const [author, fan, named] = await people(3);
    const post = await share(author!, `hi @${named!.username}`);
    await like(fan!, post.id);
    await comment(fan!, post.id, `look @${named!.username}`);
    expect((await notificationsOf(author!)).notifications).toHaveLength(2);
    expect((await notificationsOf(named!)).notifications).toHaveLength(2);
    const deleted = await server.request(`/api/posts/${post.id}`, {
      method: 'DELETE',
      token: author!.token,
    });
    expect(deleted.status).toBe(204);
    expect((await notificationsOf(author!)).notifications).toEqual([]);
    expect((await notificationsOf(named!)).notifications).toEqual([]);
  });

  it('an account that is deleted takes the notifications it caused with it', async () => {
    const [author, leaving] = await people(2);
    const post = await share(author!);
    await like(leaving!, post.id);
    await follow(leaving!, author!);
    expect((await notificationsOf(author!)).unread_count).toBe(2);
    const deleted = await server.request('/api/me', {
      method: 'DELETE',
      json: { password: leaving!.password },
      token: leaving!.token,
    });
    expect(deleted.status).toBe(204);
    const after = await notificationsOf(author!);
    expect(after.notifications).toEqual([]);
    expect(after.unread_count).toBe(0);
  });

  it('pages newest first by cursor, counts every unread one, and marks all read', async () => {
    const [author, ...fans] = await people(6);
    const posts = [await share(author!), await share(author!)];
    for (const fan of fans) {
      for (const post of posts) expect((await like(fan, post.id)).status).toBe(200);
    }
    const seen: NotificationJson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await notificationsOf(author!, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.unread_count).toBe(10);
      expect(page.notifications.length).toBeLessThanOrEqual(3);
      seen.push(...page.notifications);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(10);
    expect(new Set(seen.map((n) => n.id)).size).toBe(10);
    const order = seen.map((n) => [n.created_at, n.id].join(' '));
    expect(order).toEqual([...order].sort().reverse());
    // The last like is first.
    expect(seen[0]).toMatchObject({ actor: { id: fans.at(-1)!.id }, post: { id: posts[1]!.id } });
    // A page past the last still counts them (the count usually rides on the page's rows).
    const oldest = seen.at(-1)!;
    const past = await notificationsOf(
      author!,
      `?cursor=${encodeCursor({ createdAt: oldest.created_at, id: oldest.id })}`,
    );
    expect(past).toEqual({ notifications: [], unread_count: 10, next_cursor: null });
    // Someone with none has none unread.
    expect(await notificationsOf(fans[0]!)).toEqual({
      notifications: [],
      unread_count: 0,
      next_cursor: null,
    });

    const bad = await server.request('/api/notifications?cursor=nonsense', {
      token: author!.token,
    });
    expect(bad.status).toBe(400);

    const read = await server.request('/api/notifications/read', {
      method: 'POST',
      token: author!.token,
    });
    expect(read.status).toBe(204);
    const after = await notificationsOf(author!, '?limit=100');
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n) => n.read)).toBe(true);
    // A new one is unread again.
    await comment(fans[0]!, posts[0]!.id, 'again');
    expect((await notificationsOf(author!)).unread_count).toBe(1);
  });

  it('a notification that cannot be written never fails a comment, and takes a like or follow with it', async () => {
    const [author, fan] = await people(2);
    const post = await share(author!);
    const { db } = server.context.database;
    if (dialect === 'sqlite') {
      await sql`create trigger notifications_down before insert on notifications
        begin select raise(abort, 'notifications are down'); end`.execute(db);
    } else {
      await sql`create function notifications_down() returns trigger language plpgsql as $$
        begin raise exception 'notifications are down'; end $$`.execute(db);
      await sql`create trigger notifications_down before insert on notifications
        for each row execute function notifications_down()`.execute(db);
    }
    try {
      // A like or follow is written with its notification, in one transaction: neither without
      // the other. A comment's notification is written after it.
      expect((await like(fan!, post.id)).status).toBe(500);
      expect((await follow(fan!, author!)).status).toBe(500);
      await comment(fan!, post.id, 'still here');
    } finally {
      await sql`drop trigger notifications_down${sql.raw(dialect === 'postgres' ? ' on notifications' : '')}`.execute(
        db,
      );
      if (dialect === 'postgres') await sql`drop function notifications_down()`.execute(db);
    }
    expect((await notificationsOf(author!)).notifications).toEqual([]);
    // The comment is there; the like and the follow are not, nor half of either.
    const seen = await server.request(`/api/posts/${post.id}`, { token: fan!.token });
    expect(seen.body).toMatchObject({ liked_by_me: false, likes_count: 0, comments_count: 1 });
    const profile = await server.request(`/api/profiles/${author!.id}`, { token: fan!.token });
    expect(profile.body).toMatchObject({ followers_count: 0 });
    // Once notifications work again, so do both, with their notifications.
    expect((await like(fan!, post.id)).body).toEqual({ liked: true, likes_count: 1 });
    expect((await follow(fan!, author!)).body).toMatchObject({
      following: true,
      followers_count: 1,
    });
    const types = (await notificationsOf(author!)).notifications.map(
      (notification: { type: string }) => notification.type,
    );
    expect(types.sort()).toEqual(['follow', 'like']);
  });
});
