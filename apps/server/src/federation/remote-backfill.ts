import type { Federation } from '@fedify/fedify';
import { Create, Note, isActor } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { instanceKeyId } from './actor';
import { instanceKeyOwner, keyPairsOf } from './keys';
import { rawJsonOf, readRemoteNote } from './remote-notes';
import { storeRemotePost } from './remote-posts';

type Deps = Pick<AppContext, 'config' | 'database' | 'services' | 'clock' | 'events' | 'storage'>;

/** At most this many of a person's latest activities are read. */
export const backfillLimit = 20;

/**
 * A remote person's recent photo posts, read from the first page of their outbox (at most
 * `backfillLimit` items, fetched signed by the instance actor, as servers with authorized fetch
 * want) and stored as their posts here, so their profile is not empty on its first view. Only
 * public Notes with photos that are not replies are kept. Answers how many posts were stored.
 */
export async function backfillRemoteOutbox(
  federation: Federation<void>,
  deps: Deps,
  profileId: string,
): Promise<number> {
  const actorUrl = await deps.services.remotePosts.claimOutboxRead(profileId);
  if (!actorUrl) return 0;
  const now = deps.clock.now();
  const ctx = federation.createContext(deps.config.publicUrl, undefined);
  const [key] = await keyPairsOf(deps.database.db, deps.clock, instanceKeyOwner);
  const documentLoader = key
    ? ctx.getDocumentLoader({
        keyId: instanceKeyId(ctx.canonicalOrigin.toString()),
        privateKey: key.privateKey,
      })
    : ctx.documentLoader;
  const loaders = { documentLoader, contextLoader: ctx.contextLoader };
  const actor = await ctx.lookupObject(actorUrl, loaders);
  if (!isActor(actor) || actor.id?.href !== actorUrl) return 0;
  const outbox = await actor.getOutbox(loaders);
  if (!outbox) return 0;
  // Mastodon pages its outbox (the collection names its first page); others list items inline.
  const page = (await outbox.getFirst(loaders)) ?? outbox;
  let seen = 0;
  let stored = 0;
  // `items` and `orderedItems` alike.
  for await (const item of page.getItems(loaders)) {
    if (++seen > backfillLimit) break;
    if (!(item instanceof Create) || item.actorId?.href !== actorUrl) continue;
    const note = await item.getObject(loaders);
    if (!(note instanceof Note) || note.replyTargetId) continue;
    if (note.attributionId?.href !== actorUrl) continue;
    const read = await readRemoteNote(ctx, note, rawJsonOf(item), now);
    if (read && (await storeRemotePost(deps, profileId, read, { publicOnly: true })) === 'stored')
      stored++;
  }
  return stored;
}
