import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Clock } from '../context';
import type { DB } from '../db/schema';
import { instanceKeyId } from './actor';
import type { KeyAlgorithm, StoredKeyPair } from '../repositories/federation-keys.repository';
import {
  deleteKeyPairs,
  insertKeyPairIfMissing,
  listKeyPairs,
} from '../repositories/federation-keys.repository';

/**
 * RSA first: Mastodon takes RFC 9421 signatures only with RSA, and many servers read only an
 * actor's first key. Ed25519 signs Object Integrity Proofs.
 */
const algorithms: readonly KeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519'];

/** The owner of the instance actor's keys. */
export const instanceKeyOwner = 'instance';

/**
 * An owner's key pairs (a local person's profile id, or the instance actor), made and stored the
 * first time they are needed: most people of an instance never federate.
 */
export async function keyPairsOf(
  db: Kysely<DB>,
  clock: Clock,
  ownerId: string,
): Promise<webcrypto.CryptoKeyPair[]> {
  let stored = await listKeyPairs(db, ownerId);
  if (stored.length < algorithms.length) {
    for (const algorithm of algorithms) {
      if (stored.some((pair) => pair.algorithm === algorithm)) continue;
      // Fedify types keys as the DOM's CryptoKey, which this Node-only project does not load.
      const pair = (await generateCryptoKeyPair(algorithm)) as webcrypto.CryptoKeyPair;
      await insertKeyPairIfMissing(
        db,
        ownerId,
        {
          algorithm,
          privateKey: JSON.stringify(await exportJwk(pair.privateKey)),
          publicKey: JSON.stringify(await exportJwk(pair.publicKey)),
        },
        clock.now().toISOString(),
      );
    }
    stored = await listKeyPairs(db, ownerId);
  }
  return importPairs(stored);
}

/** An owner's key pairs as stored, none made: a deleted account's last signature. */
export async function storedKeyPairsOf(
  db: Kysely<DB>,
  ownerId: string,
): Promise<webcrypto.CryptoKeyPair[]> {
  return importPairs(await listKeyPairs(db, ownerId));
}

function importPairs(stored: StoredKeyPair[]): Promise<webcrypto.CryptoKeyPair[]> {
  return Promise.all(
    stored.map(async (pair) => ({
      privateKey: (await importJwk(
        JSON.parse(pair.privateKey) as webcrypto.JsonWebKey,
        'private',
      )) as webcrypto.CryptoKey,
      publicKey: (await importJwk(
        JSON.parse(pair.publicKey) as webcrypto.JsonWebKey,
        'public',
      )) as webcrypto.CryptoKey,
    })),
  );
}

/** The instance actor's RSA key, which signs the fetches made for the server itself. */
export async function instanceSenderKey(
  deps: { database: { db: Kysely<DB> }; clock: Clock },
  ctx: { canonicalOrigin: string },
): Promise<{ keyId: URL; privateKey: webcrypto.CryptoKey }> {
  const [rsa] = await keyPairsOf(deps.database.db, deps.clock, instanceKeyOwner);
  return { keyId: instanceKeyId(ctx.canonicalOrigin), privateKey: rsa!.privateKey };
}

/** A deleted account's key pairs are forgotten once its Delete has been sent with them. */
export async function forgetKeyPairs(db: Kysely<DB>, ownerId: string): Promise<void> {
  await deleteKeyPairs(db, ownerId);
}
