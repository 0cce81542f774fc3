import type { InboxContext } from '@fedify/fedify';
import type { Create, Note, Update } from '@fedify/vocab';
import { isActor } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { readRemoteNote, rawJsonOf } from './remote-notes';
import { rememberActor } from './remote-actors';
import { storeRemotePost, updateRemotePost } from './remote-posts';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock' | 'events' | 'storage'>;

/**
 * A remote person's Note that is not a reply to a Pinhole post: a post here when someone here
 * follows them or it is addressed to someone here (anyone else's posts would only fill the
 * disk), and when it has photos. Its `Update` changes the post. True when it is (or was) a post here.
 */
export async function receiveRemoteNote(
  deps: Deps,
  ctx: InboxContext<void>,
  activity: Create | Update,
  note: Note,
  verb: 'create' | 'update',
): Promise<boolean> {
  const actorId = activity.actorId;
  if (!actorId || note.attributionId?.href !== actorId.href) return false;
  const people = deps.services.remotePeople;
  const knownId = await people.idOf(actorId.href);
  if (verb === 'update') {
    if (!knownId) return false;
    const read = await readRemoteNote(ctx, note, rawJsonOf(activity), deps.clock.now());
    if (read) await updateRemotePost(deps, knownId, read);
    return true;
  }
  // Asked before the Note is read (its attachments may need fetching): is it wanted here?
  const addressedHere = [...note.toIds, ...note.ccIds].some(
    (id) => ctx.parseUri(id)?.type === 'actor',
  );
  const wanted =
    addressedHere ||
    (knownId !== undefined && (await deps.services.remotePosts.followedHere(knownId)));
  if (!wanted) return false;
  const read = await readRemoteNote(ctx, note, rawJsonOf(activity), deps.clock.now());
  if (!read || read.images.length === 0) return false;
  let authorId = knownId;
  if (!authorId) {
    const actor = await activity.getActor(ctx);
    if (!isActor(actor) || actor.id?.href !== actorId.href) return false;
    authorId = await rememberActor(people, actor);
  }
  if (!authorId) return false;
  await storeRemotePost(deps, authorId, read);
  return true;
}
