/**
 * Fills a database and its storage with content that looks like a living community: people with
 * profiles, posts with real processed photographs, likes and comments with a long tail (most posts
 * get a few, a few get very many), and follows with the same skew (see seed-follows.ts). The same `seed` and `now` give the same rows on SQLite and
 * PostgreSQL alike.
 *
 * Speed: a pool of distinct photographs is made and processed once, through the same
 * `processImage` an upload goes through; every post then gets its own storage keys (the spec's
 * `user-uploads/{userId}/posts/{ts}.{ext}` and the variants beside it). On local storage those
 * keys are hard links to the pool's first copy, so 100 000 posts cost directory entries, not
 * 100 GB; other drivers get a real copy through `storage.put`. Rows go in with multi-row INSERTs
 * inside transactions, with every counter (posts_count, likes_count, comments_count, followers_count,
 * following_count) computed from the planned rows before they are written, so they are exact from
 * the first commit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashtagsOf, limits, mentionsOf } from '@pinhole/contracts';
import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../app-context';
import { searchTermsOf } from '../db/migrations/0007-discovery-and-notifications';
import type {
  DB,
  PostHashtagsTable,
  PostImagesTable,
  PostMentionsTable,
  PostsTable,
} from '../db/schema';
import type { ProcessedImage } from '../media/image';
import { processImage } from '../media/image';
import type { StoredVariant } from '../repositories/stored-variants';
import { storedVariants } from '../repositories/stored-variants';
import { resetCacheChanges } from '../repositories/cache-changes.repository';
import type { Storage } from '../storage/storage';
import { postImageKey, variantKey } from '../storage/storage';
import {
  bios,
  captionEndings,
  captionOpenings,
  commentPhrases,
  firstNames,
  hashtags,
  lastNames,
} from './content';
import type { Random } from '../random';
import { createRandom } from '../random';
import { apportion, ensure, skewedPicker } from './seed-shape';
import { defaultFollows, planFollows, writeFollows } from './seed-follows';
import { seedStories } from './seed-stories';
import {
  countHashtags,
  gatherPlannerStatistics,
  hasAnyUser,
  insertComments,
  insertLikes,
  insertPostHashtags,
  insertPostImages,
  insertPostMentions,
  insertPosts,
  insertProfiles,
  insertSearchTerms,
  insertUsers,
  withBulkWriteCache,
  withoutIndexesAndTriggers,
} from './seed.repository';
import { makeSyntheticPhoto, photoStyles } from '../media/synthetic-photo';

export { apportion } from './seed-shape';
export { defaultFollows } from './seed-follows';

export const seedPassword = 'pinhole-demo';
export const demoEmail = 'demo@pinhole.local';
export const demoUsername = 'demo';

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
  onProgress?: (message: string) => void;
}

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
  timingsMs: Record<
    'images' | 'users' | 'posts' | 'likes' | 'comments' | 'stories' | 'follows' | 'total',
    number
  >;
}

export type SeedTarget = Pick<AppContext, 'config' | 'database' | 'storage'>;

export class SeedRefusedError extends Error {}

/** Rows generated before a transaction is committed: keeps memory flat for a million likes. */
const rowsPerTransaction = 20_000;
const postsPerTransaction = 2_000;
const dayMs = 24 * 60 * 60 * 1000;

/** Aspect ratios people post (width:height), and the megapixels of a typical phone export. */
const aspectRatios: ReadonlyArray<readonly [number, number]> = [
  [4, 3],
  [3, 4],
  [1, 1],
  [4, 5],
  [3, 2],
  [16, 9],
  [2, 3],
  [9, 16],
];

export function defaultLikes(users: number, posts: number): number {
  return Math.min(posts * 10, Math.floor((users * posts) / 2));
}

export function defaultComments(posts: number): number {
  return posts * 2;
}

function imagePoolSize(options: Pick<SeedOptions, 'images' | 'posts'>): number {
  return Math.max(1, Math.min(options.images ?? 24, options.posts));
}

/** The distinct photographs a seed with these options shows, made and processed. */
export function makeSeedImagePool(
  options: Pick<SeedOptions, 'seed' | 'images' | 'posts' | 'imageScale' | 'onProgress'>,
): Promise<ProcessedImage[]> {
  return makeImagePool(
    createRandom(options.seed).fork('images'),
    imagePoolSize(options),
    options.imageScale ?? 1,
    options.onProgress ?? (() => undefined),
  );
}

interface PlannedUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
  createdMs: number;
}

function planUsers(random: Random, count: number, now: number, spanMs: number, demo: boolean) {
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

function caption(random: Random): string | null {
  if (random.chance(0.12)) return null;
  let text = random.pick(captionOpenings);
  if (text.endsWith('#')) text += String(random.int(1, 99));
  text += random.pick(captionEndings);
  const tags = random.int(0, 3);
  const chosen = new Set<string>();
  for (let index = 0; index < tags; index++) chosen.add(random.pick(hashtags));
  return chosen.size > 0 ? `${text} ${[...chosen].join(' ')}` : text;
}

/** The share of seeded captions that mention someone (`with @name`), for TAGGED tabs. */
const mentionShare = 0.1;

/** A caption, sometimes naming another person; people mention their friends, the active ones. */
function withMention(
  text: string | null,
  random: Random,
  pickPerson: () => number,
  users: readonly PlannedUser[],
  authorIndex: number,
): string | null {
  if (!random.chance(mentionShare)) return text;
  const other = pickPerson();
  if (other === authorIndex) return text;
  const mention = `with @${users[other]!.username}`;
  return text === null ? mention : `${text} ${mention}`;
}

/** Post times: spread over the span, strictly increasing by at least 1 ms (unique storage keys). */
function planPostTimes(random: Random, count: number, now: number, spanMs: number): Float64Array {
  const times = new Float64Array(count);
  for (let index = 0; index < count; index++) {
    // A little denser towards now: communities grow.
    times[index] = now - 60_000 - Math.floor(spanMs * Math.pow(random.next(), 1.3));
  }
  times.sort();
  for (let index = 1; index < count; index++) {
    if ((times[index] ?? 0) <= (times[index - 1] ?? 0)) times[index] = (times[index - 1] ?? 0) + 1;
  }
  return times;
}

async function makeImagePool(
  random: Random,
  count: number,
  scale: number,
  onProgress: (message: string) => void,
): Promise<ProcessedImage[]> {
  const specs = Array.from({ length: count }, (_value, index) => {
    const [across, down] = aspectRatios[index % aspectRatios.length] ?? [1, 1];
    const megapixels = (2 + random.next() * 2) * 1_000_000 * scale * scale;
    const width = Math.max(64, Math.round(Math.sqrt((megapixels * across) / down) / 2) * 2);
    const height = Math.max(64, Math.round((width * down) / across / 2) * 2);
    return {
      width,
      height,
      // One in six is a PNG (screenshots, edits); the rest come from cameras.
      format: index % 6 === 5 ? ('png' as const) : ('jpeg' as const),
      style: photoStyles[index % photoStyles.length],
      seed: `${random.int(0, 2 ** 31)}-${index}`,
    };
  });
  const pool = new Array<ProcessedImage>(count);
  let next = 0;
  let done = 0;
  // sharp spreads one image over the cores already; two at a time keeps them all busy.
  const workers = Math.max(1, Math.min(2, os.availableParallelism()));
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = next++; index < count; index = next++) {
        const photo = await makeSyntheticPhoto(specs[index]!);
        pool[index] = await processImage(photo);
        done += 1;
        if (done % 6 === 0 || done === count) onProgress(`photographs processed: ${done}/${count}`);
      }
    }),
  );
  return pool;
}

/**
 * Writes each post's files. The first post showing a pool image gets real bytes through
 * `storage.put`; later ones get hard links to those files on local storage (same bytes, own key).
 */
/** The share of seeded posts that are carousels (2–5 photos), as issue 17's bench asks. */
const carouselShare = 0.2;

/** The seed's photographs are generated scenes; carousels describe them as such, in order. */
const carouselAltText = (number: number, of: number) =>
  `A generated photograph of a scene, ${number} of ${of}`;

class PostFileWriter {
  private readonly firstCopy = new Map<number, string[]>();
  private readonly madeDirectories = new Set<string>();
  files = 0;

  constructor(
    private readonly storage: Storage,
    private readonly localRoot: string | null,
  ) {}

  async write(poolIndex: number, image: ProcessedImage, keys: string[]): Promise<void> {
    const blobs = [image.original, ...image.variants];
    const first = this.firstCopy.get(poolIndex);
    if (!first || this.localRoot === null) {
      for (const [index, blob] of blobs.entries()) {
        await this.storage.put(keys[index]!, blob.data, blob.contentType);
      }
      if (!first) this.firstCopy.set(poolIndex, keys);
    } else {
      const root = this.localRoot;
      const directory = path.join(root, path.dirname(keys[0]!));
      if (!this.madeDirectories.has(directory)) {
        fs.mkdirSync(directory, { recursive: true });
        this.madeDirectories.add(directory);
      }
      for (const [index, key] of keys.entries()) {
        fs.linkSync(path.join(root, first[index]!), path.join(root, key));
      }
    }
    this.files += keys.length;
  }
}

async function inTransaction(
  db: Kysely<DB>,
  write: (trx: Kysely<DB>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(write);
}

export async function seedDatabase(target: SeedTarget, options: SeedOptions): Promise<SeedSummary> {
  const { db, dialect } = target.database;
  return withBulkWriteCache(db, dialect, () => seedInto(target, options));
}

async function seedInto(target: SeedTarget, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.onProgress ?? (() => undefined);
  const { users: userCount, posts: postCount, likes: likeCount, comments: commentCount } = options;
  ensure(Number.isInteger(userCount) && userCount >= 1, 'users must be a whole number ≥ 1');
  ensure(Number.isInteger(postCount) && postCount >= 0, 'posts must be a whole number ≥ 0');
  ensure(Number.isInteger(likeCount) && likeCount >= 0, 'likes must be a whole number ≥ 0');
  ensure(Number.isInteger(commentCount) && commentCount >= 0, 'comments must be ≥ 0');
  ensure(
    likeCount <= userCount * postCount,
    `likes (${likeCount}) cannot exceed users × posts (${userCount * postCount}): one like per person per post`,
  );
  ensure(postCount > 0 || commentCount === 0, 'comments need posts');
  const followCount = options.follows ?? defaultFollows(userCount);
  ensure(Number.isInteger(followCount) && followCount >= 0, 'follows must be ≥ 0');

  const { db } = target.database;
  if (await hasAnyUser(db)) {
    throw new SeedRefusedError(
      'The database already has users; seed an empty database (a fresh DATA_DIR or DATABASE_URL).',
    );
  }

  const now = options.now ?? Date.now();
  const root = createRandom(options.seed);
  const spanMs = Math.min(365 * dayMs, Math.max(14 * dayMs, postCount * 10 * 60_000));
  const timings: SeedSummary['timingsMs'] = {
    images: 0,
    users: 0,
    posts: 0,
    likes: 0,
    comments: 0,
    stories: 0,
    follows: 0,
    total: 0,
  };
  let phaseStarted = performance.now();
  const endPhase = (phase: keyof SeedSummary['timingsMs']) => {
    timings[phase] = Math.round(performance.now() - phaseStarted);
    phaseStarted = performance.now();
  };

  // --- plan: who posts what, when, and how much attention each post gets ---
  const demo = options.demoAccount ?? true;
  const users = planUsers(root.fork('users'), userCount, now, spanMs, demo);
  const postRandom = root.fork('posts');
  const postTimes = planPostTimes(postRandom, postCount, now, spanMs);
  const pickAuthor = skewedPicker(postRandom, userCount, 2.2);
  // Everyone posts at least once (when there are enough posts); the rest follow the skew.
  const authors = postRandom.shuffle(
    Array.from({ length: postCount }, (_value, index) =>
      index < userCount ? index : pickAuthor(),
    ),
  );
  const imageCount = imagePoolSize(options);
  const postImage = Array.from({ length: postCount }, (_value, index) =>
    index < imageCount ? index : postRandom.int(0, imageCount - 1),
  );
  const attention = Array.from({ length: postCount }, () => postRandom.pareto(1.3));
  const likesPerPost = apportion(likeCount, attention, userCount, postRandom);
  const commentAttention = attention.map((weight) => Math.pow(weight, 0.7) * postRandom.pareto(2));
  const commentsPerPost = apportion(
    commentCount,
    commentAttention,
    Number.MAX_SAFE_INTEGER,
    postRandom,
  );
  const postsPerUser = new Int32Array(userCount);
  for (const author of authors) postsPerUser[author] = (postsPerUser[author] ?? 0) + 1;

  // --- photographs: made and processed once, shown by many posts ---
  const pool = postCount === 0 ? [] : (options.imagePool ?? (await makeSeedImagePool(options)));
  ensure(postCount === 0 || pool.length === imageCount, 'the image pool does not fit the options');
  endPhase('images');

  // Storage keys and rows of every post (the plan is small: 100 000 posts ≈ 50 MB).
  const postIds: string[] = [];
  const postKeys: string[][] = [];
  for (let index = 0; index < postCount; index++) {
    const author = users[authors[index]!]!;
    const createdMs = postTimes[index]!;
    const image = pool[postImage[index]!]!;
    const key = postImageKey(author.id, createdMs, image.original.extension);
    postKeys.push([
      key,
      ...image.variants.map((variant) => variantKey(key, variant.width, variant.extension)),
    ]);
    postIds.push(uuidv7({ msecs: createdMs, random: postRandom.bytes16() }));
  }

  const followRandom = root.fork('follows');
  const follows = planFollows(followRandom, users, followCount, demo);

  // --- people ---
  const passwordHash = await hashPassword(seedPassword);
  const firstPostOf = new Map<number, number>();
  authors.forEach((author, index) => {
    if (!firstPostOf.has(author)) firstPostOf.set(author, index);
  });
  const profileRandom = root.fork('profiles');
  const verifiedCount = userCount >= 10 ? Math.max(1, Math.floor(userCount * 0.02)) : 0;
  const verified = new Set(
    Array.from(postsPerUser.keys())
      .sort((a, b) => (postsPerUser[b] ?? 0) - (postsPerUser[a] ?? 0) || a - b)
      .slice(0, verifiedCount),
  );
  for (let start = 0; start < userCount; start += rowsPerTransaction) {
    const slice = users.slice(start, start + rowsPerTransaction);
    const profiles = slice.map((user, offset) => {
      const index = start + offset;
      const firstPost = firstPostOf.get(index);
      // A profile picture cut from one of their own photos (the smallest variant).
      const avatarKey =
        firstPost !== undefined && profileRandom.chance(0.85)
          ? postKeys[firstPost]?.[1]
          : undefined;
      return {
        id: user.id,
        username: user.username,
        full_name: user.fullName,
        avatar_key: avatarKey ?? null,
        bio: profileRandom.chance(0.6) ? profileRandom.pick(bios) : null,
        website: profileRandom.chance(0.15)
          ? `https://${user.username.replace(/[._]/g, '')}.example.com`
          : null,
        is_verified: verified.has(index) ? 1 : 0,
        posts_count: postsPerUser[index] ?? 0,
        followers_count: follows.followersCount[index] ?? 0,
        following_count: follows.followingCount[index] ?? 0,
        created_at: new Date(user.createdMs).toISOString(),
      };
    });
    await inTransaction(db, async (trx) => {
      await insertUsers(
        trx,
        slice.map((user) => ({
          id: user.id,
          email: user.email,
          password_hash: passwordHash,
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
  log(`users: ${userCount}`);
  endPhase('users');

  // --- posts and their files ---
  const storageRoot =
    target.config.storage.driver === 'local' && target.storage.driver === 'local'
      ? target.config.storage.root
      : null;
  const files = new PostFileWriter(target.storage, storageRoot);
  const captionRandom = root.fork('captions');
  // About one post in five is a carousel of 2–5 photos: more photos of the pool, own keys.
  const carouselRandom = root.fork('carousels');
  const mentionRandom = root.fork('mentions');
  const pickMentioned = skewedPicker(mentionRandom, userCount, 1.6);
  const userIndexByName = new Map(users.map((user, index) => [user.username, index]));
  // post_hashtags goes in without its index and the triggers that count each row; the counts
  // are made in one statement at the end.
  await withoutIndexesAndTriggers(db, target.database.dialect, 'post_hashtags', async () => {
    for (let start = 0; start < postCount; start += postsPerTransaction) {
      const end = Math.min(postCount, start + postsPerTransaction);
      const rows: Insertable<PostsTable>[] = [];
      const imageRows: Insertable<PostImagesTable>[] = [];
      const hashtagRows: PostHashtagsTable[] = [];
      const mentionRows: PostMentionsTable[] = [];
      for (let index = start; index < end; index++) {
        const image = pool[postImage[index]!]!;
        const keys = postKeys[index]!;
        await files.write(postImage[index]!, image, keys);
        const variants: StoredVariant[] = image.variants.map((variant, position) => ({
          key: keys[position + 1]!,
          width: variant.width,
          height: variant.height,
        }));
        const authorIndex = authors[index]!;
        const text = withMention(
          caption(captionRandom),
          mentionRandom,
          pickMentioned,
          users,
          authorIndex,
        );
        const createdAt = new Date(postTimes[index]!).toISOString();
        if (text !== null) {
          for (const hashtag of hashtagsOf(text)) {
            hashtagRows.push({ post_id: postIds[index]!, hashtag, created_at: createdAt });
          }
          for (const username of mentionsOf(text)) {
            const mentioned = userIndexByName.get(username);
            if (mentioned === undefined || mentioned === authorIndex) continue;
            mentionRows.push({
              post_id: postIds[index]!,
              profile_id: users[mentioned]!.id,
              created_at: createdAt,
            });
          }
        }
        rows.push({
          id: postIds[index]!,
          user_id: users[authorIndex]!.id,
          image_key: keys[0]!,
          image_width: image.original.width,
          image_height: image.original.height,
          image_placeholder: image.placeholder,
          image_variants: storedVariants.encode(variants),
          caption: text,
          likes_count: likesPerPost[index] ?? 0,
          comments_count: commentsPerPost[index] ?? 0,
          created_at: createdAt,
        });
        const photos = carouselRandom.chance(carouselShare) ? carouselRandom.int(2, 5) : 1;
        // The first photo's id is the post's, as migration 0004 gives every older post.
        imageRows.push({
          id: postIds[index]!,
          post_id: postIds[index]!,
          position: 0,
          image_key: keys[0]!,
          width: image.original.width,
          height: image.original.height,
          placeholder: image.placeholder,
          variants: storedVariants.encode(variants),
          alt_text: photos > 1 ? carouselAltText(1, photos) : null,
        });
        for (let position = 1; position < photos; position++) {
          const poolIndex = (postImage[index]! + position) % pool.length;
          const extra = pool[poolIndex]!;
          const author = users[authors[index]!]!;
          const nonce = Buffer.from(carouselRandom.bytes16()).toString('hex');
          const key = postImageKey(author.id, postTimes[index]!, extra.original.extension, nonce);
          const extraKeys = [
            key,
            ...extra.variants.map((variant) => variantKey(key, variant.width, variant.extension)),
          ];
          await files.write(poolIndex, extra, extraKeys);
          imageRows.push({
            id: uuidv7({ msecs: postTimes[index]!, random: carouselRandom.bytes16() }),
            post_id: postIds[index]!,
            position,
            image_key: key,
            width: extra.original.width,
            height: extra.original.height,
            placeholder: extra.placeholder,
            variants: storedVariants.encode(
              extra.variants.map((variant, at) => ({
                key: extraKeys[at + 1]!,
                width: variant.width,
                height: variant.height,
              })),
            ),
            alt_text: carouselAltText(position + 1, photos),
          });
        }
      }
      await inTransaction(db, async (trx) => {
        await insertPosts(trx, rows);
        await insertPostImages(trx, imageRows);
        await insertPostHashtags(trx, hashtagRows);
        await insertPostMentions(trx, mentionRows);
      });
      if (end % 20_000 === 0 || end === postCount) log(`posts: ${end}/${postCount}`);
    }
  });
  await countHashtags(db);
  endPhase('posts');

  // --- likes: distinct people per post, active people more often ---
  const likeRandom = root.fork('likes');
  const pickLiker = skewedPicker(likeRandom, userCount, 1.6);
  const everyone = Int32Array.from({ length: userCount }, (_value, index) => index);
  let likeRows: { id: string; post_id: string; user_id: string; created_at: string }[] = [];
  let likesWritten = 0;
  const flushLikes = async () => {
    const batch = likeRows;
    likeRows = [];
    await inTransaction(db, (trx) => insertLikes(trx, batch));
    likesWritten += batch.length;
    if (likesWritten % 200_000 < batch.length || likesWritten === likeCount) {
      log(`likes: ${likesWritten}/${likeCount}`);
    }
  };
  for (let index = 0; index < postCount; index++) {
    const wanted = likesPerPost[index] ?? 0;
    if (wanted === 0) continue;
    const postMs = postTimes[index]!;
    const chosen: number[] = [];
    if (wanted * 3 <= userCount) {
      const seen = new Set<number>();
      for (let attempt = 0; seen.size < wanted; attempt++) {
        const user = attempt < wanted * 8 ? pickLiker() : likeRandom.int(0, userCount - 1);
        if (!seen.has(user)) {
          seen.add(user);
          chosen.push(user);
        }
      }
    } else {
      // Popular posts: a partial Fisher–Yates over everyone (the array stays a permutation).
      for (let slot = 0; slot < wanted; slot++) {
        const other = likeRandom.int(slot, userCount - 1);
        const swap = everyone[slot]!;
        everyone[slot] = everyone[other]!;
        everyone[other] = swap;
        chosen.push(everyone[slot]!);
      }
    }
    for (const user of chosen) {
      const likedMs = Math.floor(postMs + (now - postMs) * Math.pow(likeRandom.next(), 3));
      likeRows.push({
        id: uuidv7({ msecs: likedMs, random: likeRandom.bytes16() }),
        post_id: postIds[index]!,
        user_id: users[user]!.id,
        created_at: new Date(likedMs).toISOString(),
      });
    }
    if (likeRows.length >= rowsPerTransaction) await flushLikes();
  }
  if (likeRows.length > 0) await flushLikes();
  endPhase('likes');

  // --- comments: the same people come back to talk ---
  const commentRandom = root.fork('comments');
  const pickCommenter = skewedPicker(commentRandom, userCount, 1.8);
  let commentRows: {
    id: string;
    post_id: string;
    user_id: string;
    content: string;
    created_at: string;
  }[] = [];
  let commentsWritten = 0;
  const flushComments = async () => {
    const batch = commentRows;
    commentRows = [];
    await inTransaction(db, (trx) => insertComments(trx, batch));
    commentsWritten += batch.length;
  };
  for (let index = 0; index < postCount; index++) {
    const postMs = postTimes[index]!;
    for (let count = commentsPerPost[index] ?? 0; count > 0; count--) {
      const commentedMs = Math.floor(postMs + (now - postMs) * Math.pow(commentRandom.next(), 2.5));
      commentRows.push({
        id: uuidv7({ msecs: commentedMs, random: commentRandom.bytes16() }),
        post_id: postIds[index]!,
        user_id: users[pickCommenter()]!.id,
        content: commentRandom.pick(commentPhrases),
        created_at: new Date(commentedMs).toISOString(),
      });
    }
    if (commentRows.length >= rowsPerTransaction) await flushComments();
  }
  if (commentRows.length > 0) await flushComments();
  if (commentCount > 0) log(`comments: ${commentsWritten}`);
  endPhase('comments');

  // --- stories: live ones, shared in the hours before `now`, with their own files ---
  const storyFiles = new PostFileWriter(target.storage, storageRoot);
  const seededStories = await seedStories({
    db,
    random: root.fork('stories'),
    users,
    pool,
    now,
    followedByFirst: new Set(follows.followees.subarray(follows.start[0], follows.start[1])),
    writeFiles: (poolIndex, image, keys) => storyFiles.write(poolIndex, image, keys),
  });
  if (seededStories.stories > 0) log(`stories: ${seededStories.stories}`);
  endPhase('stories');

  // --- follows: planned with the people (whose rows carry the counters), written last; this
  // phase's time includes the closing clean-up and statistics below ---
  const followsWritten = await withoutIndexesAndTriggers(
    db,
    target.database.dialect,
    'follows',
    () =>
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
  // The triggers logged a change for every row; one "everything changed" says the same to a
  // running server without leaving millions of rows for it to prune.
  await resetCacheChanges(db);
  await gatherPlannerStatistics(db, target.database.dialect);
  endPhase('follows');

  timings.total = Math.round(performance.now() - started);
  return {
    users: userCount,
    posts: postCount,
    likes: likesWritten,
    comments: commentsWritten,
    follows: followsWritten,
    stories: seededStories.stories,
    images: pool.length,
    files: files.files,
    password: seedPassword,
    demoEmail: demo ? demoEmail : null,
    timingsMs: timings,
  };
}
