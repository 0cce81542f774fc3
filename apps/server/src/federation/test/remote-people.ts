import type { startTestServer } from '../../test/harness';
import { newId } from '../../ids';
import {
  findRemoteActorByUrl,
  insertRemotePerson,
} from '../../repositories/federation-actors.repository';
import type { ReferencePeer } from './reference-peer';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * A person of the peer known here (their rows as the inbox makes them), without a Follow: until
 * following remote people is built, tests make the follow row themselves. Answers their id.
 */
export async function knownRemotePerson(
  server: TestServer,
  peer: ReferencePeer,
  identifier: string,
): Promise<string> {
  const db = server.context.database.db;
  const actorUrl = peer.actorUrl(identifier);
  const known = await findRemoteActorByUrl(db, actorUrl);
  if (known) return known.profile_id;
  const id = newId();
  const now = new Date().toISOString();
  await insertRemotePerson(
    db,
    {
      id,
      username: `${identifier}@${peer.host}`,
      fullName: identifier,
      bio: null,
      actor: {
        actor_url: actorUrl,
        inbox_url: `${actorUrl}/inbox`,
        shared_inbox_url: `${peer.origin}/inbox`,
        profile_url: `${peer.origin}/@${identifier}`,
        host: peer.host,
        updated_at: now,
      },
    },
    now,
  );
  return id;
}

/** `followerId` (local) follows `followeeId` (remote), as an accepted Follow leaves it. */
export async function followDirectly(
  server: TestServer,
  followerId: string,
  followeeId: string,
): Promise<void> {
  await server.context.database.db
    .insertInto('follows')
    .values({
      follower_id: followerId,
      followee_id: followeeId,
      created_at: new Date().toISOString(),
    })
    .execute();
}
