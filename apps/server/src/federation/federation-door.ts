import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Federation } from '@fedify/fedify';
import type { AppContext } from '../app-context';
import { createPinholeFederation } from './federation';
import { DatabaseMessageQueue } from './message-queue';
import { FederationOutbox } from './outbox';
import { backfillRemoteOutbox } from './remote-backfill';
import { RemoteLookup } from './remote-lookup';

type Deps = Omit<AppContext, 'federation' | 'remoteLookup'>;

/** Federation as the rest of the server sees it: built once with the context, when it is on. */
export interface FederationDoor {
  fedify: Federation<void>;
  queue: DatabaseMessageQueue;
  /** What local actions send, for the event registry. */
  outbox: FederationOutbox;
  /** Finds people of other servers (search, profiles by user@host). */
  remoteLookup: RemoteLookup;
  /** Reads a remote person's recent posts (the remote backfill service's reader). */
  readOutbox(profileId: string): Promise<number>;
}

/** A remote person's picture, through the same pipeline (and checks) as an uploaded one. */
async function storeRemoteAvatar(deps: Deps, profileId: string, data: Uint8Array) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pinhole-avatar-'));
  try {
    const file = path.join(folder, 'avatar');
    await fs.writeFile(file, data);
    await deps.services.account.changeAvatar(profileId, file);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * The Fedify federation with its queue, inbox, outbox and remote lookups, built once by
 * create-context.ts when federation is on (an https PUBLIC_URL). Its queue is worked only by a
 * running server (federation.plugin.ts); a script's actions are queued for it.
 */
export function openFederation(deps: Deps): FederationDoor {
  const queue = new DatabaseMessageQueue(deps.database.db, deps.database.dialect, deps.clock);
  const fedify = createPinholeFederation(deps, queue);
  return {
    fedify,
    queue,
    outbox: new FederationOutbox(fedify, deps),
    remoteLookup: new RemoteLookup(deps, (profileId, data) =>
      storeRemoteAvatar(deps, profileId, data),
    ),
    readOutbox: (profileId) => backfillRemoteOutbox(fedify, deps, profileId),
  };
}
