/** Reads a remote person's recent posts from their server; answers how many were stored. */
export type OutboxReader = (profileId: string) => Promise<number>;

/**
 * The first view of a remote person's profile asks their server for their recent posts, without
 * making the viewer wait. The reader is federation's (federation/remote-backfill.ts), given when
 * federation is on; without it, nothing is asked. Errors are reported, never thrown at the page
 * that asked.
 */
export class RemoteBackfillService {
  #report: (error: unknown) => void = (error) => console.error(error);
  readonly #running = new Map<string, Promise<number>>();

  constructor(private readonly reader: OutboxReader | undefined) {}

  /** Where failures go: the server's logger once it exists. */
  reportErrorsTo(report: (error: unknown) => void): void {
    this.#report = report;
  }

  /** Starts reading the person's outbox (once at a time per person); answers when done. */
  request(profileId: string): Promise<number> {
    const reader = this.reader;
    if (!reader) return Promise.resolve(0);
    let running = this.#running.get(profileId);
    if (!running) {
      running = reader(profileId)
        .catch((error: unknown) => {
          this.#report(error);
          return 0;
        })
        .finally(() => this.#running.delete(profileId));
      this.#running.set(profileId, running);
    }
    return running;
  }
}
