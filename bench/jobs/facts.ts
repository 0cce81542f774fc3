/** What the scenarios need to know of a seeded database, read before the server starts. */
import type { AppContext } from '../../apps/server/src/app-context';
import { createContext } from '../../apps/server/src/create-context';
import { loadConfig } from '../../apps/server/src/env';
import { findCounterMismatches } from '../../apps/server/src/seed/seed.repository';
import type { SeedOptions, SeedSummary } from '../../apps/server/src/seed/seed.service';
import { seedDatabase, seedQueryTimeoutMs } from '../../apps/server/src/seed/seed.service';
import { encodeCursor } from '../../apps/server/src/pagination/post-cursor';
import { readTopHashtag } from '../lib/discovery';
import type { FollowFacts } from '../lib/follows';
import { readFollowFacts } from '../lib/follows';
import type { StoryFacts } from '../lib/stories';
import { readStoryFacts } from '../lib/stories';
import { pageSize, signedInUsers } from './sizes';
import { size } from './state';

export interface SeededFacts {
  deepCursor: string | null;
  emails: string[];
  likeTargets: string[];
  follows: FollowFacts;
  /** The person with the most posts: their export is the export row. */
  topPoster: { email: string; posts: number };
  /** The hashtag most posts carry: the hashtag page row reads it. */
  topHashtag: string | null;
  /** Live stories, and how many trays each keen follower has. */
  stories: StoryFacts;
}

export async function readFacts(context: AppContext): Promise<SeededFacts> {
  const { db } = context.database;
  // The cursor of page N is the position of the last post of page N - 1.
  const lastOfPrevious = (size.deepPage - 1) * pageSize;
  const anchor =
    lastOfPrevious > 0
      ? await db
          .selectFrom('posts')
          .select(['created_at', 'id'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(lastOfPrevious - 1)
          .limit(1)
          .executeTakeFirst()
      : undefined;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .orderBy('created_at')
    .limit(signedInUsers)
    .execute();
  const posts = await db.selectFrom('posts').select('id').orderBy('id').execute();
  const top = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.id')
    .select(['users.email', 'profiles.posts_count'])
    .orderBy('profiles.posts_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const stride = Math.max(1, Math.floor(posts.length / 2000));
  // The signed-in people follow and unfollow; none of them may be a target (no self-follows).
  const follows = await readFollowFacts(context, {
    viewers: signedInUsers,
    deepPage: size.followingDeepPage,
    pageSize,
    excluded: users.map((user) => user.id),
  });
  return {
    deepCursor: anchor ? encodeCursor({ createdAt: anchor.created_at, id: anchor.id }) : null,
    emails: users.map((user) => user.email),
    topPoster: { email: top.email, posts: Number(top.posts_count) },
    topHashtag: await readTopHashtag(context),
    likeTargets: posts.filter((_post, index) => index % stride === 0).map((post) => post.id),
    follows,
    stories: await readStoryFacts(
      context,
      follows.viewers.map((viewer) => viewer.email),
      Date.now(),
    ),
  };
}

export async function seedInto(
  env: Record<string, string>,
  seedOptions: SeedOptions,
): Promise<{ summary: SeedSummary; facts: SeededFacts }> {
  const context = await createContext(
    loadConfig({ LOG_LEVEL: 'silent', DATABASE_QUERY_TIMEOUT_MS: seedQueryTimeoutMs, ...env }),
  );
  try {
    const summary = await seedDatabase(context, seedOptions);
    return { summary, facts: await readFacts(context) };
  } finally {
    await context.database.close();
  }
}

export async function countMismatches(env: Record<string, string>) {
  const context = await createContext(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  try {
    return await findCounterMismatches(context.database.db);
  } finally {
    await context.database.close();
  }
}
