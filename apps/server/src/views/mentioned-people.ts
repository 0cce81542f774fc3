import type { Mention } from '@pinhole/contracts';
import { mentionsOf } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { findPeopleByUsernames } from '../repositories/notifications.repository';

/** The people some texts name with `@`, by lowercase username; names of nobody are absent. */
export type MentionedPeople = ReadonlyMap<string, Mention>;

export const nobodyMentioned: MentionedPeople = new Map();

/**
 * Who the `@names` of these captions and comments are: one query for all of them (none when no
 * text names anyone), so a page of posts costs the same whatever its texts hold.
 */
export async function findMentionedPeople(
  db: Kysely<DB>,
  texts: readonly (string | null)[],
): Promise<MentionedPeople> {
  const usernames = new Set<string>();
  for (const text of texts) {
    if (text) for (const username of mentionsOf(text)) usernames.add(username);
  }
  if (usernames.size === 0) return nobodyMentioned;
  const people = await findPeopleByUsernames(db, [...usernames]);
  return new Map(people.map((person) => [person.username, person]));
}

/** The people `text` names who exist, in the order first named (the parser's cap applies). */
export function mentionsIn(text: string | null, people: MentionedPeople): Mention[] {
  if (!text || people.size === 0) return [];
  return mentionsOf(text).flatMap((username) => {
    const person = people.get(username);
    return person ? [{ id: person.id, username: person.username }] : [];
  });
}
