import type { InboxContext } from '@fedify/fedify';
import type { Note } from '@fedify/vocab';
import { Mention } from '@fedify/vocab';
import { limits } from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { htmlToText } from './html';

type Deps = Pick<AppContext, 'database' | 'services' | 'events'>;

/** A remote Note's text as a comment here: its text, never its markup, cut to a comment's size. */
export const commentTextOf = (note: Note): string =>
  htmlToText(note.content?.toString() ?? '').slice(0, limits.commentMaxLength);

/** The local person a Mention names: by our actor URI (Mastodon, Pixelfed) or profile page. */
async function mentionedHere(deps: Deps, ctx: InboxContext<void>, href: URL) {
  const parsed = ctx.parseUri(href);
  let username: string | undefined;
  if (parsed?.type === 'actor') username = parsed.identifier;
  else if (href.origin === ctx.canonicalOrigin) username = /^\/([^/@]+)$/.exec(href.pathname)?.[1];
  if (!username || username.includes('@')) return undefined;
  return (await deps.services.remotePeople.localPerson(username))?.id;
}

/**
 * A remote post that is not a reply to a post here but names people here (its `Mention` tags):
 * each is told, as a mention in a local caption tells them. `sender` remembers its author.
 */
export async function tellMentioned(
  deps: Deps,
  ctx: InboxContext<void>,
  note: Note,
  sender: () => Promise<{ id: string } | undefined>,
): Promise<void> {
  const mentioned: string[] = [];
  for await (const tag of note.getTags(ctx)) {
    if (!(tag instanceof Mention) || !(tag.href instanceof URL)) continue;
    const id = await mentionedHere(deps, ctx, tag.href);
    if (id && !mentioned.includes(id)) mentioned.push(id);
  }
  if (mentioned.length === 0) return;
  const author = await sender();
  if (!author) return;
  await deps.events.publish({
    type: 'mention.received',
    actorId: author.id,
    mentionedIds: mentioned,
  });
}

/** An `Update` of a remote reply: the comment it became takes its new text (its author's only). */
export async function editRemoteReply(
  deps: Deps,
  note: Note,
  senderId: string | undefined,
): Promise<void> {
  if (!note.id || !senderId) return;
  const comment = await deps.services.remotePeople.replyComment(note.id.href);
  if (!comment || comment.user_id !== senderId) return;
  const text = commentTextOf(note);
  if (text !== '') await deps.services.comments.edit(comment.id, senderId, text);
}
