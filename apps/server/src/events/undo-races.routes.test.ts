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
 * before). A like's is written with the like, and must match it however requests interleave.
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

  it('likes and unlikes racing each other leave the notification exactly when the like is there', async () => {
    const [author, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const upload = await uploadPost(server, author, jpeg);
    const postId = (upload.body as { id: string }).id;
    const { db } = server.context.database;
    // A like's notification is written in the like's own transaction (or statement): no order of
    // commits can leave one without the other.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          server.request(`/api/posts/${postId}/like`, {
            method: index % 2 === 0 ? 'PUT' : 'DELETE',
            token: fan.token,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const likes = await db
        .selectFrom('likes')
        .select('id')
        .where('post_id', '=', postId)
        .where('user_id', '=', fan.id)
        .execute();
      const told = (await notificationTypes(author)).filter((type) => type === 'like');
      expect(told).toHaveLength(likes.length);
      const post = await server.request(`/api/posts/${postId}`, { token: fan.token });
      expect(post.body.likes_count).toBe(likes.length);
    }
    await server.request(`/api/posts/${postId}/like`, { method: 'PUT', token: fan.token });
    expect(await notificationTypes(author)).toEqual(['like']);
    await server.request(`/api/posts/${postId}/like`, { method: 'DELETE', token: fan.token });
    expect(await notificationTypes(author)).toEqual([]);
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
