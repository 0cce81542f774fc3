import type { Federation } from '@fedify/fedify';
import { createExponentialBackoffPolicy, createFederation } from '@fedify/fedify';
import type { AppContext } from '../app-context';
import { Note } from '@fedify/vocab';
import { personOf } from './actor';
import { dispatchCollections, mayRead } from './collections';
import { noteMedia } from './note-media';
import { noteOf } from './notes';
import { listenToInbox } from './inbox';
import { keyPairsOf } from './keys';
import { DatabaseKvStore } from './kv-store';
import { DomainFilteringQueue } from './domain-blocks';
import type { DatabaseMessageQueue } from './message-queue';

export type FederationDeps = Pick<
  AppContext,
  'config' | 'database' | 'storage' | 'clock' | 'services' | 'signer' | 'events' | 'imageQueue'
>;

const softwareVersion = '0.1.0';

/** A local person who can be seen from elsewhere: one with a profile that is not suspended. */
function localProfile(deps: FederationDeps, username: string) {
  return deps.services.remotePeople.localActor(username);
}

/**
 * The Fedify federation of this instance: its actors, keys, discovery documents and queue. Built
 * only when federation is on (an https PUBLIC_URL); routes and subscribers reach it from here.
 */
export function createPinholeFederation(
  deps: FederationDeps,
  queue: DatabaseMessageQueue,
): Federation<void> {
  const { config, database, clock, storage } = deps;
  const federation = createFederation<void>({
    kv: new DatabaseKvStore(database.db, clock),
    queue: new DomainFilteringQueue(queue, database.db),
    // Queues run from the server's start, not from the first request (app.ts starts them).
    manuallyStartQueue: true,
    origin: config.publicUrl.origin,
    allowPrivateAddress: config.federation.allowPrivateAddresses,
    userAgent: { software: `Pinhole/${softwareVersion}`, url: config.publicUrl },
    // Pixelfed drops RFC 9421-signed activities without a word; Fedify knocks again with the
    // other standard when a peer answers 401, and remembers what each peer took.
    firstKnock: 'draft-cavage-http-signatures-12',
    // Short at first (a peer back from a restart gets its deliveries within a minute), then
    // up to half a day apart, for about five days in all.
    outboxRetryPolicy: createExponentialBackoffPolicy({
      initialDelay: { seconds: 5 },
      factor: 2,
      maxDelay: { hours: 12 },
      maxAttempts: 20,
    }),
    inboxRetryPolicy: createExponentialBackoffPolicy({
      initialDelay: { seconds: 5 },
      maxDelay: { hours: 1 },
      maxAttempts: 10,
    }),
  });

  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const profile = await localProfile(deps, identifier);
      return profile ? personOf(ctx, profile, storage) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const profile = await localProfile(deps, identifier);
      return profile ? keyPairsOf(database.db, clock, profile.id) : [];
    })
    // acct:Alice@host finds alice: usernames are stored lowercase.
    .mapHandle(async (_ctx, username) => {
      const profile = await localProfile(deps, username.toLowerCase());
      return profile?.username ?? null;
    });

  listenToInbox(federation, deps);

  const media = noteMedia(deps);
  dispatchCollections(federation, deps, (username) => localProfile(deps, username), media);
  federation
    .setObjectDispatcher(Note, '/p/{id}', async (ctx, { id }) => {
      const source = await deps.services.federatedReads.noteSource(id);
      return source ? noteOf(ctx, source, media) : null;
    })
    // A private account's posts go only to its followers: a fetch must be signed by one.
    .authorize(async (ctx, { id }) => {
      const source = await deps.services.federatedReads.noteSource(id);
      if (!source) return true;
      return mayRead(deps, ctx, {
        id: source.post.user_id,
        is_private: source.post.author_is_private,
      });
    });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const { stats } = await deps.services.instance.get();
    return {
      software: {
        name: 'pinhole',
        version: softwareVersion,
        homepage: new URL('/about', config.publicUrl),
      },
      protocols: ['activitypub'],
      openRegistrations: config.signups === 'open',
      usage: { users: { total: stats.users }, localPosts: stats.posts, localComments: 0 },
      metadata: {},
    };
  });

  return federation;
}
