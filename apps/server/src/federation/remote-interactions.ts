import type { Federation } from '@fedify/fedify';
import { Create, Like, Mention, Note, PUBLIC_COLLECTION, Undo } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { storedRecipient } from './activities';
import { textToHtml } from './html';

type Deps = Pick<AppContext, 'config' | 'services'>;

/**
 * What local people do to remote people's posts, sent to their servers: a like (and its undo)
 * to the author, a comment as a reply (`Create{Note}` with `inReplyTo` the post's Note) to the
 * author and the commenter's own remote followers. Saves stay here. Called by the event
 * registry (events/subscribers/other-servers.ts).
 */
export function remoteInteractionSenders(federation: Federation<void>, deps: Deps) {
  const { remotePosts, remotePeople } = deps.services;
  const context = () => federation.createContext(deps.config.publicUrl, undefined);

  async function sendLike(postId: string, userId: string, likeId: string, undo: boolean) {
    const found = await remotePosts.interaction(postId, userId);
    if (!found) return;
    const ctx = context();
    const actor = ctx.getActorUri(found.username);
    const like = new Like({
      // Named by the like's row: its Undo names the same Like (servers match them by it), and a
      // like after an unlike is a new activity, which a server that drops repeats still takes.
      id: new URL(`#likes/${likeId}`, actor),
      actor,
      object: new URL(found.target.note_url),
    });
    const activity = undo
      ? new Undo({ id: new URL(`${like.id!.href}/undo/${Date.now()}`), actor, object: like })
      : like;
    await ctx.sendActivity({ identifier: found.username }, storedRecipient(found.target), activity);
  }

  async function sendComment(commentId: string, postId: string, userId: string) {
    const found = await remotePosts.interaction(postId, userId);
    if (!found) return;
    const text = await remotePosts.commentText(commentId);
    const ctx = context();
    const actor = ctx.getActorUri(found.username);
    const author = new URL(found.target.actor_url);
    const id = new URL(`/p/${postId}#comments/${commentId}`, deps.config.publicUrl);
    const followers = ctx.getFollowersUri(found.username);
    const note = new Note({
      id,
      attribution: actor,
      to: PUBLIC_COLLECTION,
      ccs: [author, followers],
      content: textToHtml(text),
      replyTarget: new URL(found.target.note_url),
      tags: [new Mention({ href: author })],
      url: id,
    });
    const recipients = [
      storedRecipient(found.target),
      ...(await remotePeople.remoteFollowersOf(userId)).map(storedRecipient),
    ];
    await ctx.sendActivity(
      { identifier: found.username },
      recipients,
      new Create({
        id: new URL(`${id.href}/create`),
        actor,
        to: PUBLIC_COLLECTION,
        ccs: [author, followers],
        object: note,
      }),
      { preferSharedInbox: true },
    );
  }

  return { sendLike, sendComment };
}
