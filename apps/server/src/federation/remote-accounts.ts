import type { InboxContext, RequestContext, UnverifiedActivityReason } from '@fedify/fedify';
import type { Activity, Move } from '@fedify/vocab';
import { Delete, isActor } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { deleteAccountRows } from '../repositories/account.repository';
import { markActorGone } from '../repositories/domain-blocks.repository';
import {
  findRemoteActorByUrl,
  listLocalFollowersOf,
} from '../repositories/federation-actors.repository';
import { findProfileById } from '../repositories/profiles.repository';
import { rememberActor } from './remote-actors';

type Deps = Pick<AppContext, 'database' | 'services' | 'clock'>;

/**
 * A remote account deleted on its server: its person here goes with everything they did (likes,
 * comments, follows both ways, their posts, notifications), the counters others see adjusted as
 * when a local account is deleted, and the actor is remembered as gone so an activity still
 * signed by its key brings nobody back (the inbox answers 410).
 */
export async function forgetRemoteActor(deps: Deps, actorUrl: string): Promise<void> {
  const db = deps.database.db;
  const now = deps.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await markActorGone(trx, actorUrl, now);
    const known = await findRemoteActorByUrl(trx, actorUrl);
    if (known) await deleteAccountRows(trx, known.profile_id);
  });
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
  const db = deps.database.db;
  const old = await findRemoteActorByUrl(db, oldUrl.href);
  if (!old) return;
  const target = await move.getTarget(ctx);
  if (!isActor(target) || target.id?.href !== move.targetId.href) return;
  if (!target.aliasIds.some((alias) => alias.href === oldUrl.href)) return;
  const newId = await rememberActor(deps.services.remotePeople, target);
  if (!newId) return;
  for (const followerId of await listLocalFollowersOf(db, old.profile_id)) {
    const follower = await findProfileById(db, followerId);
    if (!follower) continue;
    try {
      await deps.services.follows.follow(followerId, newId);
    } catch (error) {
      // Blocked either way: this follower stays away from the new account.
      if (!(error instanceof AppError)) throw error;
      continue;
    }
    // Following a remote person sends the Follow, and ending it the Undo (remote-follows.ts).
    await deps.services.follows.unfollow(followerId, old.profile_id);
  }
}
