import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/schema';
import type { TestDialect } from '../test/harness';
import { dialects, disposeTestServer, startTestServer } from '../test/harness';
import { countRows, describeFollows } from '../test/seed-inspection';
import { findCounterMismatches } from './seed.repository';
import { defaultFollows } from './seed-follows';
import { demoEmail, seedDatabase } from './seed.service';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const servers: Server[] = [];
async function freshServer(dialect: TestDialect): Promise<Server> {
  const server = await startTestServer(dialect);
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => disposeTestServer(server)));
});

// People only: the follow graph needs no posts, and without photographs the seed takes seconds.
const people = 300;
const community = {
  users: people,
  posts: 0,
  likes: 0,
  comments: 0,
  seed: 'follows-shape',
  now: Date.parse('2026-03-01T12:00:00.000Z'),
};

/** The follows table's indexes and triggers as the catalog holds them. */
async function followsCatalog(db: Kysely<DB>, dialect: TestDialect): Promise<string[]> {
  const found =
    dialect === 'sqlite'
      ? await sql<{ definition: string }>`select sql as definition from sqlite_master
          where tbl_name = 'follows' and sql is not null`.execute(db)
      : await sql<{ definition: string }>`
          select indexdef as definition from pg_indexes where tablename = 'follows'
          union all
          select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where c.relname = 'follows'`.execute(db);
  return found.rows.map((row) => row.definition).sort();
}

describe.each(dialects)('seeded follows on %s', (dialect) => {
  it('have exact counters, nobody following themself or twice, and a skew', async () => {
    const server = await freshServer(dialect);
    const { db } = server.context.database;
    const catalog = await followsCatalog(db, dialect);
    const summary = await seedDatabase(server.context, community);
    // The bulk load set the indexes and triggers aside; they are all back, as they were.
    expect(catalog.length).toBeGreaterThanOrEqual(4);
    expect(await followsCatalog(db, dialect)).toEqual(catalog);
    const total = defaultFollows(people);
    expect(total).toBe(people * 99);
    expect(summary.follows).toBe(total);
    expect((await countRows(db)).follows).toBe(total);
    expect(await findCounterMismatches(db)).toMatchObject({ followers: 0, following: 0 });

    const shape = await describeFollows(db);
    expect(shape.selfFollows).toBe(0);
    expect(shape.duplicates).toBe(0);
    const mean = total / people;
    // A few are followed by almost everyone...
    expect(shape.followersPerPerson[0]).toBeGreaterThanOrEqual((people - 1) * 0.9);
    const busiestTenth = shape.followersPerPerson
      .slice(0, people / 10)
      .reduce((sum, count) => sum + count, 0);
    // Over twice their share; at most 30 % could be theirs (30 people followed by all 299).
    expect(busiestTenth / total).toBeGreaterThan(0.2);
    // ...most by fewer than the mean.
    expect(shape.followersPerPerson[people / 2]).toBeLessThan(mean * 0.85);
    // Everyone follows someone, the keenest three times as many as the least keen (1×–3×).
    const following = shape.followingPerPerson;
    expect(following.at(-1)).toBeGreaterThan(0);
    expect(following[0]! / following.at(-1)!).toBeGreaterThan(2);
    expect(following[0]).toBeLessThanOrEqual(people - 1);
  });
});

describe('the demo account', () => {
  it('follows some people, and some of them follow it back', async () => {
    const server = await freshServer('sqlite');
    const { db } = server.context.database;
    await seedDatabase(server.context, { ...community, users: 12, follows: 60 });
    const demo = await db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.id', 'users.id')
      .select(['users.id', 'profiles.following_count', 'profiles.followers_count'])
      .where('users.email', '=', demoEmail)
      .executeTakeFirstOrThrow();
    expect(demo.following_count).toBeGreaterThan(0);
    const followedBack = await db
      .selectFrom('follows as mine')
      .innerJoin('follows as theirs', (join) =>
        join
          .onRef('theirs.follower_id', '=', 'mine.followee_id')
          .onRef('theirs.followee_id', '=', 'mine.follower_id'),
      )
      .select('mine.followee_id')
      .where('mine.follower_id', '=', demo.id)
      .execute();
    expect(followedBack.length).toBeGreaterThan(0);
    expect(demo.followers_count).toBeGreaterThanOrEqual(followedBack.length);
  });
});
