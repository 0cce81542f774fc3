import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PersonRow } from './people-lists.repository';
import { personColumns } from './people-lists.repository';

/**
 * Past every character: `term < prefix + U+10FFFF` holds for every term that starts with
 * `prefix`, emoji included (U+FFFF would stop before them), in SQLite's bytewise order and in
 * PostgreSQL's "C" collation of these columns (migration 0008).
 */
const lastCharacter = '\u{10FFFF}';

/** A search for people: the first word is a prefix of one term, each other word of another. */
export interface PeopleSearch {
  words: readonly string[];
  limit: number;
}

export type FoundPerson = PersonRow & { followers_count: number };

export async function replaceSearchTerms(
  db: Kysely<DB>,
  profileId: string,
  terms: readonly string[],
): Promise<void> {
  await db.deleteFrom('search_terms').where('profile_id', '=', profileId).execute();
  if (terms.length === 0) return;
  await db
    .insertInto('search_terms')
    .values(terms.map((term) => ({ term, profile_id: profileId })))
    .execute();
}

/** `profiles.id` has a term starting with `word` (search_terms_by_profile, then the term). */
function hasTermStartingWith(eb: ExpressionBuilder<DB, 'profiles'>, word: string) {
  return eb.exists(
    eb
      .selectFrom('search_terms as other_terms')
      .select('other_terms.profile_id')
      .whereRef('other_terms.profile_id', '=', 'profiles.id')
      .where('other_terms.term', '>=', word)
      .where('other_terms.term', '<', word + lastCharacter),
  );
}

/**
 * The most followed people matching the search: the first word's range of search_terms (its
 * primary key), each person once, then the other words checked per person.
 */
export async function searchPeople(db: Kysely<DB>, search: PeopleSearch): Promise<FoundPerson[]> {
  const [first = '', ...others] = search.words;
  const rows = await db
    .selectFrom('profiles')
    .select([...personColumns, 'profiles.followers_count'])
    // Suspended accounts are found by nobody: while suspended they look deleted.
    .where('profiles.suspended_at', 'is', null)
    .where('profiles.id', 'in', (eb) =>
      eb
        .selectFrom('search_terms')
        .select('search_terms.profile_id')
        .where('search_terms.term', '>=', first)
        .where('search_terms.term', '<', first + lastCharacter),
    )
    .$if(others.length > 0, (query) =>
      query.where((eb) => eb.and(others.map((word) => hasTermStartingWith(eb, word)))),
    )
    .orderBy('profiles.followers_count', 'desc')
    .orderBy('profiles.id')
    .limit(search.limit)
    .execute();
  return rows.map((row) => ({ ...row, followers_count: Number(row.followers_count) }));
}

/**
 * Everyone `viewerId` follows, once per search term of theirs (the viewer's follows by key, each
 * person's terms by search_terms_by_profile): what a signed-in search keeps per viewer.
 */
export async function listFolloweeTerms(
  db: Kysely<DB>,
  viewerId: string,
): Promise<(FoundPerson & { term: string })[]> {
  const rows = await db
    .selectFrom('follows')
    .innerJoin('profiles', 'profiles.id', 'follows.followee_id')
    .innerJoin('search_terms', 'search_terms.profile_id', 'follows.followee_id')
    .select([...personColumns, 'profiles.followers_count', 'search_terms.term'])
    .where('follows.follower_id', '=', viewerId)
    .where('profiles.suspended_at', 'is', null)
    .execute();
  return rows.map((row) => ({ ...row, followers_count: Number(row.followers_count) }));
}

/** The person with exactly this (lowercase) username, if any. */
export async function findPersonByUsername(
  db: Kysely<DB>,
  username: string,
): Promise<FoundPerson | undefined> {
  const row = await db
    .selectFrom('profiles')
    .select([...personColumns, 'profiles.followers_count'])
    .where('profiles.username', '=', username)
    .where('profiles.suspended_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, followers_count: Number(row.followers_count) };
}

/**
 * Hashtags whose folded name starts with `prefix` (folded too), the most used first: a range of
 * hashtags_by_folded for the tags with accents, a range of the key for the plain ones (0011).
 */
export async function searchHashtags(db: Kysely<DB>, prefix: string, limit: number) {
  const end = prefix + lastCharacter;
  const rows = await db
    .selectFrom('hashtags')
    .select(['name', 'posts_count'])
    .where((eb) =>
      eb.or([
        eb.and([eb('folded', '>=', prefix), eb('folded', '<', end)]),
        eb.and([eb('folded', 'is', null), eb('name', '>=', prefix), eb('name', '<', end)]),
      ]),
    )
    .where('posts_count', '>', 0)
    .orderBy('posts_count', 'desc')
    .orderBy('name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ name: row.name, posts_count: Number(row.posts_count) }));
}
