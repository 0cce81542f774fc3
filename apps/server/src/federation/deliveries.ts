import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../app-context';
import {
  Block,
  Create,
  Delete,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
} from '@fedify/vocab';
import { noteMedia } from './note-media';
import { noteOf } from './notes';
import { acceptOf, rejectOf, storedRecipient } from './activities';

type Deps = Pick<
  AppContext,
  'config' | 'database' | 'storage' | 'signer' | 'imageQueue' | 'services'
>;

/**
 * What local posts, blocks and follow answers send to other servers, called by the event registry
 * (events/subscribers/other-servers.ts): the action is committed first, then its activity is
 * queued (and survives a restart in the queue's table).
 */
export function postAndFollowSenders(federation: Federation<void>, deps: Deps) {
  const people = deps.services.remotePeople;
  const context = () => federation.createContext(deps.config.publicUrl, undefined);

  /** A remote follower's Follow of a local person, with where to answer it. */
  async function remoteFollow(followerId: string, followeeId: string) {
    const follow = await people.followToAnswer(followerId, followeeId);
    return follow && { ...follow, followId: new URL(follow.followId) };
  }

  const media = noteMedia(deps);

  /** Where a local person's posts go: their remote followers, each server's shared inbox once. */
  async function remoteFollowersOf(authorId: string) {
    return (await people.remoteFollowersOf(authorId)).map(storedRecipient);
  }

  /** A post's Create or Update for its author's remote followers. */
  async function sendPost(postId: string, authorId: string, verb: 'create' | 'update') {
    const recipients = await remoteFollowersOf(authorId);
    if (recipients.length === 0) return;
    const source = await deps.services.federatedReads.noteSource(postId);
    if (!source) return;
    const ctx = context();
    const note = await noteOf(ctx, source, media);
    const author = source.post.author_username;
    const addressing = {
      to: note.toId,
      cc: note.ccId,
      actor: ctx.getActorUri(author),
      object: note,
    };
    const activity =
      verb === 'create'
        ? new Create({
            id: new URL(`${note.id!.href}#create`),
            // Temporal.Instant, unknown to TypeScript 5.9 (see notes.ts).
            // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
            published: note.published,
            ...addressing,
          })
        : new Update({
            id: new URL(`${note.id!.href}#update-${Date.parse(source.post.edited_at ?? '')}`),
            // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
            updated: note.updated,
            ...addressing,
          });
    await ctx.sendActivity({ identifier: author }, recipients, activity, {
      preferSharedInbox: true,
    });
  }

  /** A local person's Block of a remote one (or its Undo), sent to the blocked person's server. */
  async function sendBlock(blockerId: string, blockedId: string, undo: boolean) {
    const pair = await people.localToRemote(blockerId, blockedId);
    if (!pair) return;
    const { username, remote } = pair;
    const ctx = context();
    const actor = ctx.getActorUri(username);
    const block = new Block({
      id: new URL(`#blocks/${encodeURIComponent(remote.actor_url)}`, actor),
      actor,
      object: new URL(remote.actor_url),
    });
    const activity = undo
      ? new Undo({ id: new URL(`${block.id!.href}/undo/${Date.now()}`), actor, object: block })
      : block;
    // To their own inbox only: a Block is for the blocked person's server, no one else.
    await ctx.sendActivity({ identifier: username }, storedRecipient(remote), activity);
  }

  /** A remote person's follow of a local one stands: their server hears Accept. */
  async function sendAccept(followerId: string, followeeId: string) {
    const follow = await remoteFollow(followerId, followeeId);
    if (!follow) return;
    const ctx = context();
    await ctx.sendActivity(
      { identifier: follow.followeeUsername },
      storedRecipient(follow.remote),
      acceptOf(ctx, follow.followeeUsername, follow.followId, new URL(follow.remote.actor_url)),
    );
  }

  /** A local post deleted: its author's remote followers hear Delete of its Note. */
  async function sendPostDeleted(postId: string, authorId: string) {
    const recipients = await remoteFollowersOf(authorId);
    const author = await people.person(authorId);
    if (recipients.length === 0 || !author) return;
    const ctx = context();
    const noteId = ctx.getObjectUri(Note, { id: postId });
    const followers = ctx.getFollowersUri(author.username);
    await ctx.sendActivity(
      { identifier: author.username },
      recipients,
      new Delete({
        id: new URL(`${noteId.href}#delete`),
        actor: ctx.getActorUri(author.username),
        to: author.isPrivate ? followers : PUBLIC_COLLECTION,
        cc: author.isPrivate ? null : followers,
        object: new Tombstone({ id: noteId }),
      }),
      { preferSharedInbox: true },
    );
  }

  /** A remote person's request declined: their server hears Reject. */
  async function sendReject(followerId: string, followeeId: string) {
    const follow = await remoteFollow(followerId, followeeId);
    if (!follow) return;
    const ctx = context();
    await ctx.sendActivity(
      { identifier: follow.followeeUsername },
      storedRecipient(follow.remote),
      rejectOf(ctx, follow.followeeUsername, follow.followId, new URL(follow.remote.actor_url)),
    );
  }

  return { sendPost, sendPostDeleted, sendBlock, sendAccept, sendReject };
}
