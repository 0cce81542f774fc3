import type { Federation } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AppContext } from '../app-context';
import type { DomainEventOf } from '../events/domain-events';
import { storedRecipient } from './activities';
import { forgetKeyPairs, storedKeyPairsOf } from './keys';

type Deps = Pick<AppContext, 'config' | 'database'>;

/**
 * A deleted account's followers on other servers hear `Delete` of its actor, so their copies
 * of the person and their posts go. Its keys outlive its rows until this delivery is queued
 * (the queued message carries the signing keys), then are forgotten.
 */
export async function sendAccountDeletion(
  federation: Federation<void>,
  deps: Deps,
  { userId, username, remoteFollowers }: DomainEventOf<'account.deleted'>,
): Promise<void> {
  const db = deps.database.db;
  const pairs = await storedKeyPairsOf(db, userId);
  if (remoteFollowers.length > 0 && pairs.length > 0) {
    const ctx = federation.createContext(deps.config.publicUrl, undefined);
    const actor = ctx.getActorUri(username);
    // The key ids the actor document gave them (Fedify's: the first #main-key, then #key-2).
    const senders = pairs.map((pair, index) => ({
      keyId: new URL(index === 0 ? '#main-key' : `#key-${index + 1}`, actor),
      privateKey: pair.privateKey,
    }));
    await ctx.sendActivity(
      senders,
      remoteFollowers.map(storedRecipient),
      new Delete({
        id: new URL('#delete', actor),
        actor,
        to: PUBLIC_COLLECTION,
        object: actor,
      }),
      { preferSharedInbox: true },
    );
  }
  await forgetKeyPairs(db, userId);
}
