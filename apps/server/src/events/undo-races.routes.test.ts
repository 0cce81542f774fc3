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
 * A notification is recorded after its action committed, so an undo can commit in between. Its
 * recording holds the action's row: an undo still running makes it wait, and it then finds the
 * row gone and writes nothing (the undo's own event removes what was written before).
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

  it('a like undone while its notification is being recorded leaves none behind', async () => {
    const [author, fan] = await Promise.all([signUpUser(server), signUpUser(server)]);
    const upload = await uploadPost(server, author, jpeg);
    const postId = (upload.body as { id: string }).id;
    const { db } = server.context.database;
    await db
      .insertInto('likes')
      .values({ id: `like-${postId}`, post_id: postId, user_id: fan.id, created_at: 'now' })
      .execute();

    const commitUnlike = await openTransaction(db, (trx) =>
      trx.deleteFrom('likes').where('post_id', '=', postId).where('user_id', '=', fan.id).execute(),
    );
    let recorded = false;
    const recording = server.context.services.notifications
      .liked(fan.id, postId)
      .then(() => (recorded = true));
    await settle();
    expect(recorded).toBe(false);
    await commitUnlike();
    await recording;
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
