/**
 * Who follows whom in a seeded community. Everyone follows 100–300 people at full size (fewer in
 * a small community), chosen by popularity with a steep skew: a few people are followed by most
 * of the community, most by well under the mean (half of it for the median person). The plan is
 * made before any profile is written, so `followers_count` and `following_count` go in with the
 * profile rows, exact from the first commit.
 */
import type { Kysely } from 'kysely';
import type { DB, FollowsTable } from '../db/schema';
import type { Random } from '../random';
import { insertFollows } from './seed.repository';
import { apportion, ensure } from './seed-shape';

export interface FollowPlan {
  /** Person i follows `followees[start[i]]` … `followees[start[i + 1] - 1]`, in id order. */
  start: Int32Array;
  followees: Int32Array;
  followersCount: Int32Array;
  followingCount: Int32Array;
}

export interface FollowPerson {
  id: string;
  createdMs: number;
}

/**
 * Rank r (0 the most popular) is picked as `floor(n · u^e)`, so the top 1 % draws 0.01^(1/e) of
 * the picks: with e = 4 about a third, and the most popular people are followed by most of the
 * community while the median person gets a fraction of the mean.
 */
const popularityExponent = 4;

/** About 150 follows a person (100–300) in a big community, at most a third of everyone. */
export function defaultFollows(users: number): number {
  return users * Math.max(0, Math.min(150, Math.floor((users - 1) / 3)));
}

/**
 * Plans `total` follows among `people` (no one follows themself, nobody twice). With `demo`,
 * person 0 is the demo account: about half of those it follows follow it back, so its
 * Following feed, its followers and its suggestions all have someone in them.
 */
export function planFollows(
  random: Random,
  people: readonly FollowPerson[],
  total: number,
  demo: boolean,
): FollowPlan {
  const count = people.length;
  ensure(
    total <= count * (count - 1),
    `follows (${total}) cannot exceed users × (users − 1) (${count * (count - 1)})`,
  );
  // How many each person follows: 1×–3× a common base, most near the low end (mean 1.5×).
  const appetite = Array.from({ length: count }, () => 1 + 2 * Math.pow(random.next(), 3));
  const wanted = apportion(total, appetite, Math.max(0, count - 1), random);

  const byPopularity = random.shuffle(Array.from({ length: count }, (_value, index) => index));
  const pickPopular = () =>
    byPopularity[Math.floor(count * Math.pow(random.next(), popularityExponent))] ?? 0;
  // The chance the skewed pick lands on each rank: the weights of the dense case below.
  const rankWeight = new Float64Array(count);
  for (let rank = 0; rank < count; rank++) {
    const share = (position: number) => Math.pow(position / count, 1 / popularityExponent);
    rankWeight[rank] = share(rank + 1) - share(rank);
  }
  const weightOf = new Float64Array(count);
  byPopularity.forEach((person, rank) => (weightOf[person] = rankWeight[rank] ?? 0));

  // Rows go in sorted by (follower id, followee id): the primary key only ever appends.
  const idOrder = Array.from({ length: count }, (_value, index) => index).sort((a, b) =>
    people[a]!.id < people[b]!.id ? -1 : 1,
  );
  const idRank = new Int32Array(count);
  idOrder.forEach((person, rank) => (idRank[person] = rank));

  const followsBack = new Set<number>();
  const start = new Int32Array(count + 1);
  const followees = new Int32Array(total);
  const followersCount = new Int32Array(count);
  const followingCount = new Int32Array(count);
  let written = 0;
  for (let person = 0; person < count; person++) {
    const want = wanted[person] ?? 0;
    const chosen = new Set<number>();
    if (demo && person !== 0 && followsBack.has(person) && want > 0) chosen.add(0);
    if (want * 3 <= count - 1) {
      for (let attempt = 0; chosen.size < want; attempt++) {
        // Past a few misses (the popular few already taken), any one of the rest will do.
        const other = attempt < want * 8 ? pickPopular() : random.int(0, count - 1);
        if (other !== person) chosen.add(other);
      }
    } else {
      // Most of a small community: weighted sampling without replacement (Efraimidis–Spirakis),
      // the same skew as above without the misses.
      const keyed: { person: number; key: number }[] = [];
      for (let other = 0; other < count; other++) {
        if (other === person || chosen.has(other)) continue;
        keyed.push({
          person: other,
          key: Math.log(random.next() || 1e-12) / (weightOf[other] ?? 1),
        });
      }
      keyed.sort((a, b) => b.key - a.key);
      for (const entry of keyed) {
        if (chosen.size >= want) break;
        chosen.add(entry.person);
      }
    }
    if (demo && person === 0) {
      let first = true;
      for (const other of chosen) {
        if (first || random.chance(0.5)) followsBack.add(other);
        first = false;
      }
    }
    start[person] = written;
    const sorted = Int32Array.from(chosen).sort((a, b) => (idRank[a] ?? 0) - (idRank[b] ?? 0));
    followees.set(sorted, written);
    written += sorted.length;
    followingCount[person] = sorted.length;
    for (const other of sorted) followersCount[other] = (followersCount[other] ?? 0) + 1;
  }
  start[count] = written;
  return { start, followees, followersCount, followingCount };
}

/** Writes the planned follows, `rowsPerTransaction` at a time; returns how many. */
export async function writeFollows(
  db: Kysely<DB>,
  plan: FollowPlan,
  people: readonly FollowPerson[],
  random: Random,
  options: {
    now: number;
    rowsPerTransaction: number;
    onProgress: (written: number) => void;
  },
): Promise<number> {
  const order = Array.from({ length: people.length }, (_value, index) => index).sort((a, b) =>
    people[a]!.id < people[b]!.id ? -1 : 1,
  );
  let rows: FollowsTable[] = [];
  let written = 0;
  const flush = async () => {
    const batch = rows;
    rows = [];
    await db.transaction().execute((trx) => insertFollows(trx, batch));
    written += batch.length;
    options.onProgress(written);
  };
  for (const person of order) {
    const follower = people[person]!;
    for (let slot = plan.start[person]!; slot < plan.start[person + 1]!; slot++) {
      const followee = people[plan.followees[slot]!]!;
      const from = Math.max(follower.createdMs, followee.createdMs);
      const followedMs = Math.floor(from + (options.now - from) * random.next());
      rows.push({
        follower_id: follower.id,
        followee_id: followee.id,
        created_at: new Date(followedMs).toISOString(),
      });
    }
    if (rows.length >= options.rowsPerTransaction) await flush();
  }
  if (rows.length > 0) await flush();
  return written;
}
