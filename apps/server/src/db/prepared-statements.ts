import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Names for PostgreSQL's prepared statements, by SQL text. pg prepares a named statement once per
 * connection (parse and plan), then only binds and executes it: the like's CTE cost PostgreSQL
 * 1.2 ms of CPU per request planned each time and 0.46 ms prepared (bench/profile.ts --postgres
 * --scenario likes, 2026-11-28), and the like rate went from 837 to 1,492 a second.
 *
 * Bounded: texts that differ only in the length of an `in (…)` list each get a statement on every
 * connection, so past `max` distinct texts the rest are sent unnamed, as before.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #unnamed = new Set<string>();

  constructor(private readonly max = 300) {}

  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known) return known;
    if (this.#names.size >= this.max || this.#unnamed.has(text)) return undefined;
    // A name from the text itself: the same on every connection, and never two texts for one name.
    const name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    this.#names.set(text, name);
    return name;
  }

  /** This text is sent unnamed from now on (its prepared plan went stale). */
  forget(text: string): void {
    this.#names.delete(text);
    this.#unnamed.add(text);
  }
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns a schema change altered
 * ("cached plan must not change result type", SQLSTATE 0A000).
 */
export function isStalePlanError(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError &&
    error.code === '0A000' &&
    /cached plan must not change result type/.test(error.message)
  );
}
