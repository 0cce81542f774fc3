/**
 * Fills a database and its storage with content that looks like a living community: people with
 * profiles, posts with real processed photographs, likes and comments with a long tail (most posts
 * get a few, a few get very many), live stories, and follows with the same skew. The same `seed`
 * and `now` give the same rows on SQLite and PostgreSQL alike.
 *
 * Everything is planned first (who posts what and when, how much attention each post gets, who
 * follows whom), so every counter (posts_count, likes_count, comments_count, followers_count,
 * following_count) is computed before its row is written and is exact from the first commit.
 * Then each phase writes its rows with multi-row INSERTs inside transactions: seed-people.ts,
 * seed-posts.ts (with seed-photos.ts for the files), seed-likes.ts, seed-comments.ts,
 * seed-stories.ts and seed-follows.ts.
 */
import type { ProcessedImage } from '../media/image';
import { hashPassword } from '../auth/password';
import { newId } from '../ids';
import type { AppContext } from '../app-context';
import { resetCacheChanges } from '../repositories/cache-changes.repository';
import { createRandom } from '../random';
import { writeComments } from './seed-comments';
import { defaultFollows, planFollows, writeFollows } from './seed-follows';
import { writeLikes } from './seed-likes';
import { planUsers, writePeople, demoEmail, seedPassword } from './seed-people';
import { PhotoFileWriter, imagePoolSize, makeSeedImagePool } from './seed-photos';
import { featureDemoPost, identifyPosts, planPosts, writePosts } from './seed-posts';
import { ensure } from './seed-shape';
import { seedStories } from './seed-stories';
import {
  gatherPlannerStatistics,
  hasAnyUser,
  insertNotificationsOfSeed,
  withBulkWriteCache,
  withoutIndexesAndTriggers,
} from './seed.repository';

export { apportion } from './seed-shape';
export { defaultFollows } from './seed-follows';
export { demoEmail, demoUsername, seedPassword } from './seed-people';
export { makeSeedImagePool } from './seed-photos';

/**
 * The query time limit a seed runs under (DATABASE_QUERY_TIMEOUT_MS): a seed drops a table's
 * indexes and builds them again after its bulk insert, and on PostgreSQL rebuilding the follows
 * indexes of 1.5 million rows takes longer than a request's 5 s (the bench's seed was cancelled by
 * the statement timeout). Ten minutes, the variable's upper bound.
 */
export const seedQueryTimeoutMs = '600000';

export interface SeedOptions {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  /** Follows in all (default `defaultFollows(users)`: about 150 a person, 100–300). */
  follows?: number;
  /** Same seed (and same `now`) → same data. */
  seed: string;
  /** The moment the community "is" at: posts are spread over the time before it. Default: now. */
  now?: number;
  /** Distinct photographs made and processed; every post shows one of them. Default min(24, posts). */
  images?: number;
  /** Multiplies the photographs' size (1 ≈ 2–4 MP; tests use 0.2 to stay fast). */
  imageScale?: number;
  /** Photographs already processed by `makeSeedImagePool` for the same options (saves seconds). */
  imagePool?: ProcessedImage[];
  /** The first user becomes demo@pinhole.local, username `demo`. Default true. */
  demoAccount?: boolean;
  /**
   * Write everyone's notifications of the likes, comments, follows and mentions seeded, so the
   * demo account's heart has something in it. Read in memory: small seeds only. Default false.
   */
  notifications?: boolean;
  onProgress?: (message: string) => void;
}

type Phase = 'images' | 'users' | 'posts' | 'likes' | 'comments' | 'stories' | 'follows';

export interface SeedSummary {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
  /** Live stories (about a third of the people have 1–3, see seed-stories.ts). */
  stories: number;
  images: number;
  /** Storage keys written (original and variants of every post). */
  files: number;
  password: string;
  demoEmail: string | null;
  timingsMs: Record<Phase | 'total', number>;
}

export type SeedTarget = Pick<AppContext, 'config' | 'database' | 'storage'>;

export class SeedRefusedError extends Error {}

/** Rows generated before a transaction is committed: keeps memory flat for a million likes. */
const rowsPerTransaction = 20_000;
const dayMs = 24 * 60 * 60 * 1000;

export function defaultLikes(users: number, posts: number): number {
  return Math.min(posts * 10, Math.floor((users * posts) / 2));
}

export function defaultComments(posts: number): number {
  return posts * 2;
}

/** Refuses options that cannot make a consistent community, with a message naming the option. */
function checkOptions(options: SeedOptions): void {
  const { users, posts, likes, comments } = options;
  ensure(Number.isInteger(users) && users >= 1, 'users must be a whole number ≥ 1');
  ensure(Number.isInteger(posts) && posts >= 0, 'posts must be a whole number ≥ 0');
  ensure(Number.isInteger(likes) && likes >= 0, 'likes must be a whole number ≥ 0');
  ensure(Number.isInteger(comments) && comments >= 0, 'comments must be ≥ 0');
  ensure(
    likes <= users * posts,
    `likes (${likes}) cannot exceed users × posts (${users * posts}): one like per person per post`,
  );
  ensure(posts > 0 || comments === 0, 'comments need posts');
  const follows = options.follows ?? defaultFollows(users);
  ensure(Number.isInteger(follows) && follows >= 0, 'follows must be ≥ 0');
}

/** Milliseconds spent in each phase, in the order they run. */
function phaseTimer() {
  const started = performance.now();
  let phaseStarted = started;
  const timings = {} as SeedSummary['timingsMs'];
  return {
    end(phase: Phase) {
      timings[phase] = Math.round(performance.now() - phaseStarted);
      phaseStarted = performance.now();
    },
    done(): SeedSummary['timingsMs'] {
      timings.total = Math.round(performance.now() - started);
      return timings;
    },
  };
}

export async function seedDatabase(target: SeedTarget, options: SeedOptions): Promise<SeedSummary> {
  const { db, dialect } = target.database;
  return withBulkWriteCache(db, dialect, () => seedInto(target, options));
}

async function seedInto(target: SeedTarget, options: SeedOptions): Promise<SeedSummary> {
  const timer = phaseTimer();
  const log = options.onProgress ?? (() => undefined);
  checkOptions(options);
  const { db, dialect } = target.database;
  if (await hasAnyUser(db)) {
    throw new SeedRefusedError(
      'The database already has users; seed an empty database (a fresh DATA_DIR or DATABASE_URL).',
    );
  }
  const { users: userCount, posts: postCount } = options;
  const followCount = options.follows ?? defaultFollows(userCount);
  const now = options.now ?? Date.now();
  const root = createRandom(options.seed);
  const spanMs = Math.min(365 * dayMs, Math.max(14 * dayMs, postCount * 10 * 60_000));

  // Plan: who posts what, when, and how much attention each post gets.
  const demo = options.demoAccount ?? true;
  const users = planUsers(root.fork('users'), userCount, now, spanMs, demo);
  const postRandom = root.fork('posts');
  const imageCount = imagePoolSize(options);
  const plan = planPosts(postRandom, { ...options, images: imageCount }, now, spanMs);
  if (demo) featureDemoPost(plan);

  // Photographs: made and processed once, shown by many posts.
  const pool = postCount === 0 ? [] : (options.imagePool ?? (await makeSeedImagePool(options)));
  ensure(postCount === 0 || pool.length === imageCount, 'the image pool does not fit the options');
  timer.end('images');

  const posts = identifyPosts(postRandom, plan, users, pool);
  const followRandom = root.fork('follows');
  const follows = planFollows(followRandom, users, followCount, demo);

  await writePeople(db, root.fork('profiles'), {
    users,
    passwordHash: await hashPassword(seedPassword),
    postsPerUser: plan.postsPerUser,
    authors: plan.authors,
    postKeys: posts.keys,
    follows,
    rowsPerTransaction,
  });
  log(`users: ${userCount}`);
  timer.end('users');

  const storageRoot =
    target.config.storage.driver === 'local' && target.storage.driver === 'local'
      ? target.config.storage.root
      : null;
  const files = new PhotoFileWriter(target.storage, storageRoot);
  await writePosts(db, dialect, {
    plan,
    ...posts,
    users,
    pool,
    files,
    randoms: {
      captions: root.fork('captions'),
      carousels: root.fork('carousels'),
      mentions: root.fork('mentions'),
    },
    log,
  });
  timer.end('posts');

  const reactions = {
    userIds: users.map((user) => user.id),
    postIds: posts.ids,
    postTimes: plan.times,
    now,
    rowsPerTransaction,
  };
  const likes = await writeLikes(db, root.fork('likes'), {
    ...reactions,
    likesPerPost: plan.likesPerPost,
    log,
  });
  timer.end('likes');
  const comments = await writeComments(db, root.fork('comments'), {
    ...reactions,
    commentsPerPost: plan.commentsPerPost,
  });
  if (options.comments > 0) log(`comments: ${comments}`);
  timer.end('comments');

  // Stories: live ones, shared in the hours before `now`, with their own files.
  const storyFiles = new PhotoFileWriter(target.storage, storageRoot);
  const stories = await seedStories({
    db,
    random: root.fork('stories'),
    users,
    pool,
    now,
    followedByFirst: new Set(follows.followees.subarray(follows.start[0], follows.start[1])),
    writeFiles: (poolIndex, image, keys) => storyFiles.write(poolIndex, image, keys),
  });
  if (stories.stories > 0) log(`stories: ${stories.stories}`);
  timer.end('stories');

  // Follows: planned with the people (whose rows carry the counters), written last; this
  // phase's time includes the closing clean-up and statistics below.
  const followsWritten = await withoutIndexesAndTriggers(db, dialect, 'follows', () =>
    writeFollows(db, follows, users, followRandom, {
      now,
      rowsPerTransaction,
      onProgress: (written) => {
        if (written % 200_000 < rowsPerTransaction || written === followCount) {
          log(`follows: ${written}/${followCount}`);
        }
      },
    }),
  );
  if (options.notifications) {
    // Read for what is older than two days, as if the person had looked then: the badge counts
    // what is new, as it would on a living instance.
    const readBefore = new Date(now - 2 * dayMs).toISOString();
    const written = await insertNotificationsOfSeed(
      db,
      newId,
      readBefore,
      new Date(now).toISOString(),
    );
    log(`notifications: ${written}`);
  }

  // The triggers logged a change for every row; one "everything changed" says the same to a
  // running server without leaving millions of rows for it to prune.
  await resetCacheChanges(db);
  await gatherPlannerStatistics(db, dialect);
  timer.end('follows');

  return {
    users: userCount,
    posts: postCount,
    likes,
    comments,
    follows: followsWritten,
    stories: stories.stories,
    images: pool.length,
    files: files.files,
    password: seedPassword,
    demoEmail: demo ? demoEmail : null,
    timingsMs: timer.done(),
  };
}
