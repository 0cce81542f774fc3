import type { InboxContext, RequestContext, UnverifiedActivityReason } from '@fedify/fedify';
import type { Activity, Move } from '@fedify/vocab';
import { Delete, isActor } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { rememberActor } from './remote-actors';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock'>;

/** A remote account deleted on its server is forgotten here (RemotePeopleService.forget). */
export function forgetRemoteActor(deps: Deps, actorUrl: string): Promise<void> {
  return deps.services.remotePeople.forget(actorUrl);
}

/** `Delete` whose object is its own actor: the account is gone. */
export const isSelfDelete = (del: Activity): boolean =>
  del.actorId !== null && del.objectId?.href === del.actorId.href;

export async function receiveActorDelete(deps: Deps, del: Delete): Promise<void> {
  if (!isSelfDelete(del) || !del.actorId) return;
  await forgetRemoteActor(deps, del.actorId.href);
}

/**
 * Once an account is deleted its server answers 410 (or 404) for its key, so the signature of
 * its own `Delete` cannot be checked. That answer, from the actor's own server, is the proof:
 * the person is forgotten and the sender hears 202, instead of retrying a 401 for days.
 */
export async function acceptDeleteOfGoneActor(
  deps: Deps,
  _ctx: RequestContext<void>,
  activity: Activity,
  reason: UnverifiedActivityReason,
): Promise<Response | undefined> {
  if (!(activity instanceof Delete) || !isSelfDelete(activity)) return undefined;
  if (reason.type !== 'keyFetchError' || !('status' in reason.result)) return undefined;
  if (reason.result.status !== 410 && reason.result.status !== 404) return undefined;
  if (reason.keyId.origin !== activity.actorId?.origin) return undefined;
  await forgetRemoteActor(deps, activity.actorId.href);
  return new Response(null, { status: 202 });
}

/**
 * An account that moved (`Move`, its `target` naming the old account in `alsoKnownAs`): each
 * local person who followed the old account follows the new one (a `Follow` to it) and stops
 * following the old one (an `Undo` to it).
 */
export async function receiveMove(deps: Deps, ctx: InboxContext<void>, move: Move): Promise<void> {
  const oldUrl = move.actorId;
  if (!oldUrl || move.objectId?.href !== oldUrl.href || !move.targetId) return;
  const people = deps.services.remotePeople;
  const oldId = await people.idOf(oldUrl.href);
  if (!oldId) return;
  const target = await move.getTarget(ctx);
  if (!isActor(target) || target.id?.href !== move.targetId.href) return;
  if (!target.aliasIds.some((alias) => alias.href === oldUrl.href)) return;
  const newId = await rememberActor(people, target);
  if (!newId) return;
  for (const followerId of await people.localFollowersOf(oldId)) {
    try {
      await deps.services.follows.follow(followerId, newId);
    } catch (error) {
      // Blocked either way: this follower stays away from the new account.
      if (!(error instanceof AppError)) throw error;
      continue;
    }
    // Following a remote person sends the Follow, and ending it the Undo (remote-follows.ts).
    await deps.services.follows.unfollow(followerId, oldId);
  }
}
