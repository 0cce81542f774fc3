/**
 * The seeded people: names and usernames from the seed's word lists (the first one the demo
 * account when asked), sign-up dates before the community's first post, and their profiles with
 * every counter computed from the plan, so they are exact from the first commit.
 */
import { limits } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { DB } from '../db/schema';
import type { Random } from '../random';
import { searchTermsOf } from '../discovery/discovery-index';
import { bios, firstNames, lastNames } from './content';
import type { FollowPlan } from './seed-follows';
import { insertProfiles, insertSearchTerms, insertUsers } from './seed.repository';

export const seedPassword = 'pinhole-demo';
export const demoEmail = 'demo@pinhole.local';
export const demoUsername = 'demo';

const dayMs = 24 * 60 * 60 * 1000;

export interface PlannedUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
  createdMs: number;
}

/** `count` people who signed up in the two months before `now - spanMs`. */
export function planUsers(
  random: Random,
  count: number,
  now: number,
  spanMs: number,
  demo: boolean,
): PlannedUser[] {
  const taken = new Set<string>();
  const users: PlannedUser[] = [];
  for (let index = 0; index < count; index++) {
    const first = random.pick(firstNames);
    const last = random.pick(lastNames);
    let username: string;
    let fullName = `${first[0]?.toUpperCase()}${first.slice(1)} ${last[0]?.toUpperCase()}${last.slice(1)}`;
    if (demo && index === 0) {
      username = demoUsername;
      fullName = 'Pinhole Demo';
    } else {
      const styles = [
        `${first}.${last}`,
        `${first}_${last}`,
        `${first}${last}`,
        `${last}.${first}`,
      ];
      username = random.pick(styles);
      for (let suffix = index; taken.has(username); suffix += 1 + random.int(0, 97)) {
        username = `${random.pick(styles)}${suffix}`.slice(0, limits.usernameMaxLength);
      }
    }
    taken.add(username);
    const createdMs = now - spanMs - random.int(1, 60) * dayMs - random.int(0, dayMs);
    users.push({
      id: uuidv7({ msecs: createdMs, random: random.bytes16() }),
      email: demo && index === 0 ? demoEmail : `${username}@pinhole.local`,
      username,
      fullName,
      createdMs,
    });
  }
  return users;
}

export interface PeopleToWrite {
  users: readonly PlannedUser[];
  passwordHash: string;
  /** Posts each person has (by index into `users`). */
  postsPerUser: Int32Array;
  /** Each post's author (index into `users`), in post order. */
  authors: readonly number[];
  /** Each post's storage keys: the original, then its variants, smallest first. */
  postKeys: readonly string[][];
  follows: FollowPlan;
  rowsPerTransaction: number;
}

/** Writes users, profiles and the words search finds each person by. */
export async function writePeople(
  db: Kysely<DB>,
  random: Random,
  people: PeopleToWrite,
): Promise<void> {
  const { users, postsPerUser, follows } = people;
  const userCount = users.length;
  const firstPostOf = new Map<number, number>();
  people.authors.forEach((author, index) => {
    if (!firstPostOf.has(author)) firstPostOf.set(author, index);
  });
  // The busiest 2% carry the verified badge, so seeded feeds show it now and then.
  const verifiedCount = userCount >= 10 ? Math.max(1, Math.floor(userCount * 0.02)) : 0;
  const verified = new Set(
    Array.from(postsPerUser.keys())
      .sort((a, b) => (postsPerUser[b] ?? 0) - (postsPerUser[a] ?? 0) || a - b)
      .slice(0, verifiedCount),
  );
  for (let start = 0; start < userCount; start += people.rowsPerTransaction) {
    const slice = users.slice(start, start + people.rowsPerTransaction);
    const profiles = slice.map((user, offset) => {
      const index = start + offset;
      const firstPost = firstPostOf.get(index);
      // A profile picture cut from one of their own photos (the smallest variant).
      const avatarKey =
        firstPost !== undefined && random.chance(0.85)
          ? people.postKeys[firstPost]?.[1]
          : undefined;
      return {
        id: user.id,
        username: user.username,
        full_name: user.fullName,
        avatar_key: avatarKey ?? null,
        bio: random.chance(0.6) ? random.pick(bios) : null,
        website: random.chance(0.15)
          ? `https://${user.username.replace(/[._]/g, '')}.example.com`
          : null,
        is_verified: verified.has(index) ? 1 : 0,
        posts_count: postsPerUser[index] ?? 0,
        followers_count: follows.followersCount[index] ?? 0,
        following_count: follows.followingCount[index] ?? 0,
        created_at: new Date(user.createdMs).toISOString(),
      };
    });
    await db.transaction().execute(async (trx) => {
      await insertUsers(
        trx,
        slice.map((user) => ({
          id: user.id,
          email: user.email,
          password_hash: people.passwordHash,
          created_at: new Date(user.createdMs).toISOString(),
        })),
      );
      await insertProfiles(trx, profiles);
      // The words search finds each person by, as sign-up stores them.
      await insertSearchTerms(
        trx,
        slice.flatMap((user) =>
          searchTermsOf(user.username, user.fullName).map((term) => ({
            term,
            profile_id: user.id,
          })),
        ),
      );
    });
  }
}
