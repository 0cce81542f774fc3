import type { DomainEvent, DomainEventOf, DomainEventType } from './domain-events';

type Handler<Type extends DomainEventType> = (event: DomainEventOf<Type>) => void | Promise<void>;
/** Handlers are stored by type and only ever called with an event of that type. */
type AnyHandler = (event: DomainEvent) => void | Promise<void>;

export type EventErrorReporter = (error: unknown, event: DomainEvent) => void;

/**
 * A small typed in-process bus. A service publishes right after its transaction committed and
 * awaits `publish` before it answers, so what the subscribers do (a notification, a forgotten
 * cache) is there when the answer arrives, and tests need no waiting. `publish` runs every handler
 * of the event's type, in the order they subscribed; a failing handler is reported and never fails
 * the action that published: that action is already committed.
 *
 * The crash window: a process that dies after the commit and before a handler finished loses that
 * handler's work: a notification not recorded, or one left behind by an undo (an unlike whose
 * like notification stays). The action itself is whole: the like, follow or comment and its
 * counters committed together.
 * Accepted for what subscribes today: notifications are news, and caches and live events learn of
 * every change from the database's triggers anyway. A durable side effect (a web push, a
 * federation delivery) enqueues into its own durable queue from its handler: its window is only
 * the moment before the enqueue. One that may not be lost at all is written to an outbox table in
 * the action's own transaction instead of hanging off this bus.
 *
 * In-process only: what another instance must learn travels through the database (the change log
 * for caches, PostgreSQL LISTEN/NOTIFY for live events).
 */
export class EventBus {
  readonly #handlers = new Map<DomainEventType, AnyHandler[]>();
  #report: EventErrorReporter;

  constructor(report: EventErrorReporter = (error) => console.error(error)) {
    this.#report = report;
  }

  /** Where handler failures go: the server's logger once it exists. */
  reportErrorsTo(report: EventErrorReporter): void {
    this.#report = report;
  }

  /** Subscribes a handler; the returned function unsubscribes it. */
  on<Type extends DomainEventType>(type: Type, handler: Handler<Type>): () => void {
    const stored = handler as unknown as AnyHandler;
    this.#handlers.set(type, [...(this.#handlers.get(type) ?? []), stored]);
    return () => {
      const current = this.#handlers.get(type) ?? [];
      this.#handlers.set(
        type,
        current.filter((candidate) => candidate !== stored),
      );
    };
  }

  /** How many handlers an event type has. */
  handlerCount(type: DomainEventType): number {
    return this.#handlers.get(type)?.length ?? 0;
  }

  async publish(event: DomainEvent): Promise<void> {
    const handlers = this.#handlers.get(event.type);
    if (!handlers || handlers.length === 0) return;
    for (const handler of handlers) {
      try {
        await handler(event);
      } catch (error) {
        this.#report(error, event);
      }
    }
  }
}
