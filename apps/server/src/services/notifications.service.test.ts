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

type Server = Awaited<ReturnType<typeof startTestServer>>;

/**
 * NotificationsService's recordings on each database. Each writes from the action's row, held
 * against its undo on PostgreSQL and not on SQLite (one writer at a time): the repository picks
 * the form, so the service is the same code on both and must record alike. The actions run
 * through the API (their subscribers record once); the service is then called again by hand, as
 * a late or repeated event would, and after the action's row is gone.
 */
/** Both people of this server: each is told here. */
const local = { requesterRemote: false, ownerRemote: false };

describe.each(dialects)('NotificationsService on %s', (dialect) => {
  let server: Server;
  let jpeg: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    jpeg = await makeJpeg(64, 48);
  });
  afterAll(async () => {
    await disposeTestServer(server);
  });

  const notifications = () => server.context.services.notifications;
  const db = () => server.context.database.db;

  /** `recipient`'s notifications from `actor`: type, and whether read, oldest first. */
  const told = async (recipient: TestUser, actor: TestUser) =>
    (
      await db()
        .selectFrom('notifications')
        .select(['type', 'read_at'])
        .where('user_id', '=', recipient.id)
        .where('actor_id', '=', actor.id)
        .orderBy('created_at')
        .orderBy('type')
        .execute()
    ).map((row) => `${row.type}${row.read_at === null ? '' : ' (read)'}`);

  const makePrivate = (owner: TestUser) =>
    server.request('/api/profiles/me', {
      method: 'PATCH',
      json: { is_private: true },
      token: owner.token,
    });

  it('tells a follow request once while it waits, and nothing once it is gone', async () => {
    const owner = await signUpUser(server);
    const asker = await signUpUser(server);
    await makePrivate(owner);
    await server.request(`/api/profiles/${owner.id}/follow`, { method: 'PUT', token: asker.token });
    expect(await told(owner, asker)).toEqual(['follow_request']);

    await notifications().followRequested(asker.id, owner.id);
    expect(await told(owner, asker)).toEqual(['follow_request']);

    // The request goes without its own event (as an undo committing first would leave it).
    await db().deleteFrom('follow_requests').where('requester_id', '=', asker.id).execute();
    await db().deleteFrom('notifications').where('actor_id', '=', asker.id).execute();
    await notifications().followRequested(asker.id, owner.id);
    expect(await told(owner, asker)).toEqual([]);
  });

  it('turns an approved request into a read follow and tells the requester, while they follow', async () => {
    const owner = await signUpUser(server);
    const asker = await signUpUser(server);
    await makePrivate(owner);
    await server.request(`/api/profiles/${owner.id}/follow`, { method: 'PUT', token: asker.token });
    const approved = await server.request(`/api/me/follow-requests/${asker.id}/approve`, {
      method: 'POST',
      token: owner.token,
    });
    expect(approved.status).toBe(204);
    expect(await told(owner, asker)).toEqual(['follow (read)']);
    expect(await told(asker, owner)).toEqual(['follow_accepted']);

    // Told again by hand: the follow is news once.
    await notifications().followRequestApproved(asker.id, owner.id, local);
    expect(await told(owner, asker)).toEqual(['follow (read)']);

    // The follow is gone: there is nothing left to tell of.
    await db().deleteFrom('follows').where('follower_id', '=', asker.id).execute();
    await db().deleteFrom('notifications').where('actor_id', 'in', [asker.id, owner.id]).execute();
    await notifications().followRequestApproved(asker.id, owner.id, local);
    expect(await told(owner, asker)).toEqual([]);
    expect(await told(asker, owner)).toEqual([]);
  });

  it("tells a comment's post author and the people it mentions, from the comment while it exists", async () => {
    const author = await signUpUser(server);
    const writer = await signUpUser(server);
    const mentioned = await signUpUser(server);
    const postId = (await uploadPost(server, author, jpeg)).body.id as string;
    const comment = await server.request(`/api/posts/${postId}/comments`, {
      method: 'POST',
      token: writer.token,
      json: { content: `@${author.username} @${mentioned.username} look` },
    });
    expect(comment.status).toBe(201);
    const commentId = comment.body.id as string;
    // The author mentioned on their own post is told once, of the comment.
    expect(await told(author, writer)).toEqual(['comment']);
    expect(await told(mentioned, writer)).toEqual(['mention']);

    await db().deleteFrom('notifications').where('actor_id', '=', writer.id).execute();
    await notifications().commented(commentId, { authorRemote: false });
    expect(await told(author, writer)).toEqual(['comment']);
    expect(await told(mentioned, writer)).toEqual(['mention']);

    await db().deleteFrom('notifications').where('actor_id', '=', writer.id).execute();
    await db().deleteFrom('comments').where('id', '=', commentId).execute();
    await notifications().commented(commentId, { authorRemote: false });
    expect(await told(author, writer)).toEqual([]);
    expect(await told(mentioned, writer)).toEqual([]);
  });

  it('keeps the mentions of a caption in step with what it says now', async () => {
    const author = await signUpUser(server);
    const first = await signUpUser(server);
    const second = await signUpUser(server);
    const postId = (await uploadPost(server, author, jpeg, { caption: `with @${first.username}` }))
      .body.id as string;
    expect(await told(first, author)).toEqual(['mention']);

    await db()
      .updateTable('posts')
      .set({ caption: `with @${second.username}` })
      .where('id', '=', postId)
      .execute();
    await notifications().captionWritten(postId);
    await notifications().captionWritten(postId);
    expect(await told(first, author)).toEqual([]);
    expect(await told(second, author)).toEqual(['mention']);

    await notifications().captionWritten('no-such-post');
  });
});
