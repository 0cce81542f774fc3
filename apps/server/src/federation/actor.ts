import type { webcrypto } from 'node:crypto';
import type { Context } from '@fedify/fedify';
import { Application, CryptographicKey, Endpoints, Image, Multikey, Person } from '@fedify/vocab';
import type { LocalProfileRow } from '../services/remote-people.service';
import type { Storage } from '../storage/storage';
import { textToHtml } from './html';

/** Where a person's profile page and avatar are, absolute on this instance's public origin. */
export function absoluteUrl(origin: URL, pathOrUrl: string): URL {
  return new URL(pathOrUrl, origin);
}

/** A local person as ActivityPub's `Person` (what Mastodon and Pixelfed read of a profile). */
export async function personOf(
  ctx: Context<unknown>,
  profile: LocalProfileRow,
  storage: Storage,
): Promise<Person> {
  const identifier = profile.username;
  const keys = await ctx.getActorKeyPairs(identifier);
  const avatar = profile.avatar_key ? storage.publicUrl(profile.avatar_key) : null;
  return new Person({
    id: ctx.getActorUri(identifier),
    preferredUsername: profile.username,
    name: profile.full_name || profile.username,
    summary: profile.bio ? textToHtml(profile.bio) : null,
    url: new URL(`/${profile.username}`, ctx.canonicalOrigin),
    icon: avatar
      ? new Image({
          url: absoluteUrl(new URL(ctx.canonicalOrigin), avatar),
          mediaType: 'image/jpeg',
        })
      : null,
    inbox: ctx.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    outbox: ctx.getOutboxUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    following: ctx.getFollowingUri(identifier),
    publicKey: keys[0]?.cryptographicKey ?? null,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: profile.is_private === 1,
    discoverable: true,
    indexable: profile.is_private !== 1,
  });
}

/** The path of the instance actor, the server itself, which signs its own fetches. */
export const instanceActorPath = '/actor';

/** The key of the instance actor that signs its fetches (the first one, RSA). */
export const instanceKeyId = (origin: string): URL =>
  new URL(`${instanceActorPath}#main-key`, origin);

/**
 * The instance actor: an `Application` at `/actor` whose keys sign fetches made for the server
 * itself (a peer's actor, its key) and reports forwarded as `Flag`.
 */
export function instanceActorOf(
  ctx: Context<unknown>,
  name: string,
  keys: readonly webcrypto.CryptoKeyPair[],
): Application {
  const id = new URL(instanceActorPath, ctx.canonicalOrigin);
  return new Application({
    id,
    preferredUsername: ctx.hostname,
    name,
    inbox: ctx.getInboxUri(),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    url: new URL('/about', ctx.canonicalOrigin),
    manuallyApprovesFollowers: true,
    publicKey: keys[0]
      ? new CryptographicKey({
          id: instanceKeyId(ctx.canonicalOrigin),
          owner: id,
          publicKey: keys[0].publicKey,
        })
      : null,
    assertionMethods: keys.map(
      (pair, index) =>
        new Multikey({
          id: new URL(`${instanceActorPath}#key-${index + 1}`, ctx.canonicalOrigin),
          controller: id,
          publicKey: pair.publicKey,
        }),
    ),
  });
}
