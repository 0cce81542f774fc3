import type { Actor } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newId } from '../ids';
import { isActorGone } from '../repositories/domain-blocks.repository';
import { isSuspendedHost } from './domain-blocks';
import { htmlToText } from './html';
import {
  findRemoteActorByUrl,
  insertRemotePerson,
  updateRemotePerson,
} from '../repositories/federation-actors.repository';

/**
 * The local profile id of a remote actor, their rows made or refreshed from what their server
 * just said. Their username is `user@host`, lowercase, as people write a fediverse handle.
 */
export async function rememberActor(
  db: Kysely<DB>,
  actor: Actor,
  now: string,
): Promise<string | undefined> {
  const actorUrl = actor.id;
  const inbox = actor.inboxId;
  if (!actorUrl || !inbox || !actor.preferredUsername) return undefined;
  const host = actorUrl.host.toLowerCase();
  // A suspended server's people, and an actor its server deleted, are never (re)made here.
  if ((await isSuspendedHost(db, host)) || (await isActorGone(db, actorUrl.href))) {
    return undefined;
  }
  const summary = actor.summary?.toString();
  const url = actor.url instanceof URL ? actor.url : (actor.url?.href ?? null);
  const fields = {
    fullName: (actor.name?.toString() ?? actor.preferredUsername.toString()).slice(0, 64),
    bio: summary ? htmlToText(summary).slice(0, 150) : null,
    actor: {
      actor_url: actorUrl.href,
      inbox_url: inbox.href,
      shared_inbox_url: actor.endpoints?.sharedInbox?.href ?? null,
      profile_url: url?.href ?? null,
      host,
      updated_at: now,
    },
  };
  const known = await findRemoteActorByUrl(db, actorUrl.href);
  if (known) {
    await updateRemotePerson(db, { id: known.profile_id, ...fields });
    return known.profile_id;
  }
  const id = newId();
  const username = `${actor.preferredUsername.toString()}@${host}`.toLowerCase();
  await db
    .transaction()
    .execute((trx) => insertRemotePerson(trx, { id, username, ...fields }, now));
  return id;
}
