/**
 * Seeded posts: who posts what and when (everyone at least once when there are enough posts, the
 * rest with a skew towards the active), how much attention each gets (a long tail of likes and
 * comments), and their rows and files. About one post in five is a carousel of 2–5 photos. Each
 * post's likes_count and comments_count come from the plan, so they are exact from the first commit.
 */
import { hashtagsOf, mentionsOf } from '@pinhole/contracts';
import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { Dialect } from '../db/database';
import type {
  DB,
  PostHashtagsTable,
  MediaAttachmentsTable,
  PostMentionsTable,
  PostsTable,
} from '../db/schema';
import type { ProcessedImage } from '../media/image';
import type { Random } from '../random';
import type { StoredVariant } from '../repositories/stored-variants';
import { storedVariants } from '../repositories/stored-variants';
import { postImageKey, variantKey } from '../storage/storage';
import { caption, withMention } from './seed-captions';
import type { PlannedUser } from './seed-people';
import type { PhotoFileWriter } from './seed-photos';
import { apportion, skewedPicker } from './seed-shape';
import {
  countHashtags,
  insertPostHashtags,
  insertMediaAttachments,
  insertPostMentions,
  insertPosts,
  withoutIndexesAndTriggers,
} from './seed.repository';

const postsPerTransaction = 2_000;

/** The share of seeded posts that are carousels (2–5 photos), as the bench's carousel rows ask. */
const carouselShare = 0.2;

/** The seed's photographs are generated scenes; carousels describe them as such, in order. */
const carouselAltText = (number: number, of: number) =>
  `A generated photograph of a scene, ${number} of ${of}`;

export interface PostPlan {
  /** Post times, strictly increasing by at least 1 ms (unique storage keys). */
  times: Float64Array;
  /** Each post's author, an index into the people. */
  authors: number[];
  /** Each post's first photograph, an index into the image pool. */
  images: number[];
  likesPerPost: Int32Array;
  commentsPerPost: Int32Array;
  postsPerUser: Int32Array;
}

export interface PostCounts {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  images: number;
}

/** Who posts what, when, and how much attention each post gets: before any photograph exists. */
export function planPosts(
  random: Random,
  counts: PostCounts,
  now: number,
  spanMs: number,
): PostPlan {
  const times = planPostTimes(random, counts.posts, now, spanMs);
  const pickAuthor = skewedPicker(random, counts.users, 2.2);
  // Everyone posts at least once (when there are enough posts); the rest follow the skew.
  const authors = random.shuffle(
    Array.from({ length: counts.posts }, (_value, index) =>
      index < counts.users ? index : pickAuthor(),
    ),
  );
  const images = Array.from({ length: counts.posts }, (_value, index) =>
    index < counts.images ? index : random.int(0, counts.images - 1),
  );
  const attention = Array.from({ length: counts.posts }, () => random.pareto(1.3));
  const likesPerPost = apportion(counts.likes, attention, counts.users, random);
  const commentAttention = attention.map((weight) => Math.pow(weight, 0.7) * random.pareto(2));
  const commentsPerPost = apportion(
    counts.comments,
    commentAttention,
    Number.MAX_SAFE_INTEGER,
    random,
  );
  const postsPerUser = new Int32Array(counts.users);
  for (const author of authors) postsPerUser[author] = (postsPerUser[author] ?? 0) + 1;
  return { times, authors, images, likesPerPost, commentsPerPost, postsPerUser };
}

/**
 * The demo account's newest post trades its comment count with the most talked-about post's:
 * comments follow a long tail, so most posts get none, and every post of the demo's often got
 * none, leaving the person trying the demo with likes and follows but no comment to read. The
 * total and the shape stay as planned; only which post the top count lands on changes.
 */
export function featureDemoPost(plan: PostPlan, demoIndex = 0): void {
  const newest = plan.authors.lastIndexOf(demoIndex);
  if (newest < 0) return;
  const { commentsPerPost } = plan;
  let top = 0;
  for (const [index, count] of commentsPerPost.entries()) {
    if (count > (commentsPerPost[top] ?? 0)) top = index;
  }
  [commentsPerPost[newest], commentsPerPost[top]] = [
    commentsPerPost[top] ?? 0,
    commentsPerPost[newest] ?? 0,
  ];
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

/** A photograph's storage keys under `key`: the original, then each variant. */
const keysOf = (key: string, image: ProcessedImage) => [
  key,
  ...image.variants.map((variant) => variantKey(key, variant.width, variant.extension)),
];

/**
 * Each post's id and storage keys (the spec's `user-uploads/{userId}/posts/{ts}.{ext}` and the
 * variants beside it), once the photographs exist. The plan is small: 100 000 posts ≈ 50 MB.
 */
export function identifyPosts(
  random: Random,
  plan: PostPlan,
  users: readonly PlannedUser[],
  pool: readonly ProcessedImage[],
): { ids: string[]; keys: string[][] } {
  const ids: string[] = [];
  const keys: string[][] = [];
  for (const [index, createdMs] of plan.times.entries()) {
    const author = users[plan.authors[index]!]!;
    const image = pool[plan.images[index]!]!;
    keys.push(keysOf(postImageKey(author.id, createdMs, image.original.extension), image));
    ids.push(uuidv7({ msecs: createdMs, random: random.bytes16() }));
  }
  return { ids, keys };
}

export interface PostsToWrite {
  plan: PostPlan;
  ids: readonly string[];
  keys: readonly string[][];
  users: readonly PlannedUser[];
  pool: readonly ProcessedImage[];
  files: PhotoFileWriter;
  randoms: { captions: Random; carousels: Random; mentions: Random };
  log: (message: string) => void;
}

const variantRows = (image: ProcessedImage, keys: readonly string[]): StoredVariant[] =>
  image.variants.map((variant, position) => ({
    key: keys[position + 1]!,
    width: variant.width,
    height: variant.height,
  }));

interface PostBatch {
  posts: Insertable<PostsTable>[];
  media: Insertable<MediaAttachmentsTable>[];
  hashtags: PostHashtagsTable[];
  mentions: PostMentionsTable[];
}

/** Writes every post with its photos, files, hashtags and mentions; then counts the hashtags. */
export async function writePosts(
  db: Kysely<DB>,
  dialect: Dialect,
  input: PostsToWrite,
): Promise<void> {
  const { users, randoms } = input;
  const pickMentioned = skewedPicker(randoms.mentions, users.length, 1.6);
  const userIndexByName = new Map(users.map((user, index) => [user.username, index]));
  const postCount = input.ids.length;

  /** One post's rows into `batch`, its files on the store. */
  const addPost = async (index: number, batch: PostBatch) => {
    const { plan, pool, files } = input;
    const postId = input.ids[index]!;
    const image = pool[plan.images[index]!]!;
    const keys = input.keys[index]!;
    await files.write(plan.images[index]!, image, keys);
    const variants = variantRows(image, keys);
    const authorIndex = plan.authors[index]!;
    const text = withMention(
      caption(randoms.captions),
      randoms.mentions,
      pickMentioned,
      users,
      authorIndex,
    );
    const createdAt = new Date(plan.times[index]!).toISOString();
    if (text !== null) {
      for (const hashtag of hashtagsOf(text)) {
        batch.hashtags.push({ post_id: postId, hashtag, created_at: createdAt });
      }
      for (const username of mentionsOf(text)) {
        const mentioned = userIndexByName.get(username);
        if (mentioned === undefined || mentioned === authorIndex) continue;
        batch.mentions.push({
          post_id: postId,
          profile_id: users[mentioned]!.id,
          created_at: createdAt,
        });
      }
    }
    batch.posts.push({
      id: postId,
      user_id: users[authorIndex]!.id,
      caption: text,
      likes_count: plan.likesPerPost[index] ?? 0,
      comments_count: plan.commentsPerPost[index] ?? 0,
      created_at: createdAt,
    });
    const carousel = randoms.carousels;
    const photos = carousel.chance(carouselShare) ? carousel.int(2, 5) : 1;
    // The first photo's id is the post's, as every post from before carousels has.
    batch.media.push({
      id: postId,
      post_id: postId,
      position: 0,
      file_key: keys[0]!,
      width: image.original.width,
      height: image.original.height,
      placeholder: image.placeholder,
      variants: storedVariants.encode(variants),
      alt_text: photos > 1 ? carouselAltText(1, photos) : null,
    });
    for (let position = 1; position < photos; position++) {
      const poolIndex = (plan.images[index]! + position) % pool.length;
      const extra = pool[poolIndex]!;
      const author = users[authorIndex]!;
      const nonce = Buffer.from(carousel.bytes16()).toString('hex');
      const key = postImageKey(author.id, plan.times[index]!, extra.original.extension, nonce);
      const extraKeys = keysOf(key, extra);
      await files.write(poolIndex, extra, extraKeys);
      batch.media.push({
        id: uuidv7({ msecs: plan.times[index]!, random: carousel.bytes16() }),
        post_id: postId,
        position,
        file_key: key,
        width: extra.original.width,
        height: extra.original.height,
        placeholder: extra.placeholder,
        variants: storedVariants.encode(variantRows(extra, extraKeys)),
        alt_text: carouselAltText(position + 1, photos),
      });
    }
  };

  // post_hashtags goes in without its index and the triggers that count each row; the counts
  // are made in one statement at the end.
  await withoutIndexesAndTriggers(db, dialect, 'post_hashtags', async () => {
    for (let start = 0; start < postCount; start += postsPerTransaction) {
      const end = Math.min(postCount, start + postsPerTransaction);
      const batch: PostBatch = { posts: [], media: [], hashtags: [], mentions: [] };
      for (let index = start; index < end; index++) await addPost(index, batch);
      await db.transaction().execute(async (trx) => {
        await insertPosts(trx, batch.posts);
        await insertMediaAttachments(trx, batch.media);
        await insertPostHashtags(trx, batch.hashtags);
        await insertPostMentions(trx, batch.mentions);
      });
      if (end % 20_000 === 0 || end === postCount) input.log(`posts: ${end}/${postCount}`);
    }
  });
  await countHashtags(db);
}
