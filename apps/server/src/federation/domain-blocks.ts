import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { findBlocksCovering } from '../repositories/domain-blocks.repository';
import type { DatabaseMessageQueue } from './message-queue';

/** How an admin keeps a server out, if they do: the block of the host or of a parent domain. */
export async function blockOfHost(
  db: Kysely<DB>,
  host: string,
): Promise<'suspend' | 'silence' | undefined> {
  const blocks = await findBlocksCovering(db, host);
  if (blocks.some((block) => block.severity === 'suspend')) return 'suspend';
  return blocks[0]?.severity;
}

export async function isSuspendedHost(db: Kysely<DB>, host: string): Promise<boolean> {
  return (await blockOfHost(db, host)) === 'suspend';
}

function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The remote host a queued message is for or from: an outbox delivery's inbox, an inbox activity's actor. */
function remoteHostOf(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, inbox, activity } = message as Record<string, unknown>;
  if (type === 'outbox') return hostOf(inbox);
  if (type === 'inbox' && typeof activity === 'object' && activity !== null) {
    const actor = (activity as Record<string, unknown>).actor;
    return hostOf(
      typeof actor === 'object' && actor !== null ? (actor as { id?: unknown }).id : actor,
    );
  }
  return undefined;
}

/**
 * Fedify's queue with suspended servers taken out at the moment of sending: a delivery to one is
 * dropped however it was queued (before the block, by any code that sends), and an activity from
 * one that was queued before the block is not processed.
 */
export class DomainFilteringQueue implements MessageQueue {
  readonly nativeRetrial: boolean;

  constructor(
    private readonly inner: DatabaseMessageQueue,
    private readonly db: Kysely<DB>,
  ) {
    this.nativeRetrial = inner.nativeRetrial;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.inner.enqueue(message, options);
  }

  enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.inner.enqueueMany(messages, options);
  }

  getDepth(): Promise<MessageQueueDepth> {
    return this.inner.getDepth();
  }

  listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    return this.inner.listen(async (message) => {
      const host = remoteHostOf(message);
      if (host !== undefined && (await isSuspendedHost(this.db, host))) return;
      await handler(message);
    }, options);
  }
}
