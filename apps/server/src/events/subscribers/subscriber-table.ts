import type { DomainEventOf, DomainEventType } from '../domain-events';
import type { EventBus } from '../event-bus';

/** One concern's answer to one event type: what it does (for the docs' table) and the call. */
export interface Subscriber<Deps, Type extends DomainEventType> {
  /** What happens, in the words of docs/architecture.md's event table. */
  does: string;
  run: (deps: Deps, event: DomainEventOf<Type>) => void | Promise<void>;
}

/**
 * A concern's subscribers by event type (at most one per type and concern). Each concern is one
 * file of `events/subscribers/`, and `registry.ts` subscribes them all: the one place where a
 * handler is hung on the bus.
 */
export type SubscriberTable<Deps> = { [Type in DomainEventType]?: Subscriber<Deps, Type> };

/** A concern's table with its types erased: each entry is only ever run with its own type. */
type AnyTable = Partial<Record<DomainEventType, Subscriber<unknown, DomainEventType>>>;

/** Hangs one concern's subscribers on the bus (the registry does it for every concern). */
export function subscribeConcern<Deps>(
  events: EventBus,
  table: SubscriberTable<Deps>,
  deps: Deps,
): void {
  for (const [type, subscriber] of Object.entries(table as AnyTable)) {
    events.on(type as DomainEventType, (event) => subscriber.run(deps, event));
  }
}

/** The `does` of a concern's subscriber of one type, if it has one. */
export function describedIn(table: SubscriberTable<never>, type: DomainEventType) {
  return (table as AnyTable)[type]?.does;
}
