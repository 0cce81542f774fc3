import type { ImportFailure } from '@pinhole/contracts';

/** The result list keeps this many items; the rest are counted in one last line. */
const maxListedFailures = 1000;

/** The failures of one job, capped so a 10,000-video archive keeps a readable result. */
export class FailureList {
  readonly items: ImportFailure[] = [];
  #more = 0;

  add(...failures: ImportFailure[]) {
    for (const failure of failures) {
      if (this.items.length < maxListedFailures) this.items.push(failure);
      else this.#more += 1;
    }
  }

  toJson(): string {
    const listed = [...this.items];
    if (this.#more > 0) {
      listed.push({
        item: `${this.#more.toLocaleString('en-US')} more items`,
        reason: 'Not imported; the list stops at 1,000',
      });
    }
    return JSON.stringify(listed);
  }
}
