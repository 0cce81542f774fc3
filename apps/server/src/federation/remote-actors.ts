import type { Actor } from '@fedify/vocab';
import type { RemotePeopleService } from '../services/remote-people.service';
import { htmlToText } from './html';

/**
 * The local profile id of a remote actor, their rows made or refreshed (RemotePeopleService)
 * from what their server just said, read here from ActivityPub's vocabulary.
 */
export async function rememberActor(
  people: RemotePeopleService,
  actor: Actor,
): Promise<string | undefined> {
  const actorUrl = actor.id;
  const inbox = actor.inboxId;
  if (!actorUrl || !inbox || !actor.preferredUsername) return undefined;
  const summary = actor.summary?.toString();
  const url = actor.url instanceof URL ? actor.url : (actor.url?.href ?? null);
  return people.remember({
    preferredUsername: actor.preferredUsername.toString(),
    fullName: (actor.name?.toString() ?? actor.preferredUsername.toString()).slice(0, 64),
    bio: summary ? htmlToText(summary).slice(0, 150) : null,
    actor: {
      actor_url: actorUrl.href,
      inbox_url: inbox.href,
      shared_inbox_url: actor.endpoints?.sharedInbox?.href ?? null,
      profile_url: url?.href ?? null,
      host: actorUrl.host.toLowerCase(),
    },
  });
}
