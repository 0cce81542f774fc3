import type { Kysely } from 'kysely';
import type { DB, FederationKeysTable } from '../db/schema';

export type KeyAlgorithm = FederationKeysTable['algorithm'];

export interface StoredKeyPair {
  algorithm: KeyAlgorithm;
  privateKey: string;
  publicKey: string;
}

/** An owner's key pairs, RSA first (the order actors list them in). */
export async function listKeyPairs(db: Kysely<DB>, ownerId: string): Promise<StoredKeyPair[]> {
  const rows = await db
    .selectFrom('federation_keys')
    .select(['algorithm', 'private_key', 'public_key'])
    .where('owner_id', '=', ownerId)
    .execute();
  const order: KeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];
  return rows
    .map((row) => ({
      algorithm: row.algorithm,
      privateKey: row.private_key,
      publicKey: row.public_key,
    }))
    .sort((a, b) => order.indexOf(a.algorithm) - order.indexOf(b.algorithm));
}

/**
 * Stores a key pair unless one of that algorithm is there already: two instances making an
 * owner's first keys at once keep the first one written, and both then read that one.
 */
export async function insertKeyPairIfMissing(
  db: Kysely<DB>,
  ownerId: string,
  pair: StoredKeyPair,
  createdAt: string,
): Promise<void> {
  await db
    .insertInto('federation_keys')
    .values({
      owner_id: ownerId,
      algorithm: pair.algorithm,
      private_key: pair.privateKey,
      public_key: pair.publicKey,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['owner_id', 'algorithm']).doNothing())
    .execute();
}

/** Forgets an owner's key pairs (a deleted account's, once its last activity is queued). */
export async function deleteKeyPairs(db: Kysely<DB>, ownerId: string): Promise<void> {
  await db.deleteFrom('federation_keys').where('owner_id', '=', ownerId).execute();
}
