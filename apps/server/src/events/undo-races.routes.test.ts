import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
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

/** Runs `work` in a transaction that stays open (its rows locked) until `commit()`. */
async function openTransaction(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<unknown>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let worked: () => void = () => undefined;
  const working = new Promise<void>((resolve) => (worked = resolve));
  const committed = db.transaction().execute(async (trx) => {
    await work(trx);
    worked();
    await released;
  });
  await working;
  return async () => {
    release();
    await committed;
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * A follow request's notification is recorded after its action committed, so an undo can commit
 * in between. Its recording holds the action's row: an undo still running makes it wait, and it
 * then finds the row gone and writes nothing (the undo's own event removes what was written
 * before). A like's or follow's is written with it, and must match it however requests interleave.
 */
describe.each(dialects)('an undo racing a notification on %s', (dialect) => {
  let server: Server;
  let jpeg: Buffer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    jpeg = await makeJpeg(400, 300);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const notificationTypes = async (user: TestUser) => {
    const response = await server.request('/api/notifications', { token: user.token });
    return (response.body as { notifications: { type: string }[] }).notifications.map(
      (notification) => notification.type,
    );
  };

  /**
   * Twelve requests at once, half setting and half clearing, three times over: afterwards the
   * notification is there exactly when the row is, and the counter equals the rows.
   */
  const raceEachOther = async (
    path: string,
    token: string,
    recipient: TestUser,
    type: string,
    rowsAndCount: () => Promise<{ rows: number; count: number }>,
  ) => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          server.request(path, { method: index % 2 === 0 ? 'PUT' : 'DELETE', token }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const { rows, count } = await rowsAndCount();
      const told = (await notificationTypes(recipient)).filter((told) => told === type);
      expect(told).toHaveLength(rows);
      expect(count).toBe(rows);
    }
    await server.request(path, { method: 'PUT', token });
    expect(await notificationTypes(recipient)).toEqual([type]);
    await server.request(path, { method: 'DELETE', token });
    expect(await notificationTypes(recipient)).toEqual([]);
  };

  // A like's or follow's notification is written in its own transaction (or statement): no order
  // of commits can leave one without the other.
  it('likes and unlikes racing each other leave the notification exactly when the like is there', async () => {
    const [author, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const upload = await uploadPost(server, author, jpeg);
    const postId = (upload.body as { id: string }).id;
    const { db } = server.context.database;
    await raceEachOther(`/api/posts/${postId}/like`, fan.token, author, 'like', async () => {
      const likes = await db
        .selectFrom('likes')
        .select('id')
        .where('post_id', '=', postId)
        .where('user_id', '=', fan.id)
        .execute();
      const post = await server.request(`/api/posts/${postId}`, { token: fan.token });
      return { rows: likes.length, count: post.body.likes_count as number };
    });
  });

  it('follows and unfollows racing each other leave the notification exactly when the follow is there', async () => {
    const [followed, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const { db } = server.context.database;
    await raceEachOther(
      `/api/profiles/${followed.id}/follow`,
      fan.token,
      followed,
      'follow',
      async () => {
        const follows = await db
          .selectFrom('follows')
          .select('followee_id')
          .where('follower_id', '=', fan.id)
          .where('followee_id', '=', followed.id)
          .execute();
        const profile = await server.request(`/api/profiles/${followed.id}`, { token: fan.token });
        return { rows: follows.length, count: profile.body.followers_count as number };
      },
    );
  });

  it('a request withdrawn while it is being told leaves nothing for the owner', async () => {
    const [owner, asker] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const { db } = server.context.database;
    await db
      .insertInto('follow_requests')
      .values({ requester_id: asker.id, target_id: owner.id, created_at: 'now' })
      .execute();

    const commitWithdrawal = await openTransaction(db, (trx) =>
      trx
        .deleteFrom('follow_requests')
        .where('requester_id', '=', asker.id)
        .where('target_id', '=', owner.id)
        .execute(),
    );
    let recorded = false;
    const recording = server.context.services.notifications
      .followRequested(asker.id, owner.id)
      .then(() => (recorded = true));
    await settle();
    expect(recorded).toBe(false);
    await commitWithdrawal();
    await recording;
    expect(await notificationTypes(owner)).toEqual([]);
  });
});
