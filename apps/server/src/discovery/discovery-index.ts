import { foldForSearch, hashtagsOf, mentionsOf } from '@pinhole/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PostTags } from '../repositories/post-tags.repository';
import {
  changePostTags,
  findMentionedIds,
  findPostCreatedAt,
  findPostTags,
} from '../repositories/post-tags.repository';
import { replaceSearchTerms } from '../repositories/search.repository';

/**
 * Keeping what search, hashtag pages and TAGGED tabs read in step with what people write. Each
 * function runs in the caller's transaction, so the index changes exactly when the row does.
 */

/** The words a person is found by: the username and each word of the full name, folded. */
export function searchTermsOf(username: string, fullName: string): string[] {
  const words = foldForSearch(fullName)
    .split(/[\s\p{P}]+/u)
    .filter(Boolean);
  return [...new Set([foldForSearch(username), ...words])];
}

/** Stores the words a person is found by: on sign-up and whenever their username or name changes. */
export function indexPersonNames(
  db: Kysely<DB>,
  profileId: string,
  names: { username: string; fullName: string },
): Promise<void> {
  return replaceSearchTerms(db, profileId, searchTermsOf(names.username, names.fullName));
}

/**
 * What a caption tags: its hashtags (the parser's first 30) and the people it mentions (the
 * first 20 names, kept when such a person exists now and is not the author).
 */
export async function tagsOfCaption(
  db: Kysely<DB>,
  caption: string | null,
  authorId: string,
): Promise<PostTags> {
  if (caption === null) return { hashtags: [], mentionIds: [] };
  return {
    hashtags: hashtagsOf(caption),
    mentionIds: await findMentionedIds(db, mentionsOf(caption), authorId),
  };
}

const missingFrom = (values: string[], other: string[]) => {
  const kept = new Set(other);
  return values.filter((value) => !kept.has(value));
};

/** Stores what a new post's caption tags. */
export async function indexNewPost(
  db: Kysely<DB>,
  post: { id: string; authorId: string; createdAt: string },
  caption: string | null,
): Promise<void> {
  const none: PostTags = { hashtags: [], mentionIds: [] };
  await changePostTags(db, post, await tagsOfCaption(db, caption, post.authorId), none);
}

/**
 * Stores what an edited caption tags in place of what it tagged before. Only the difference is
 * written, so an edit that keeps a hashtag moves neither its count nor its page's caches.
 */
export async function reindexCaption(
  db: Kysely<DB>,
  post: { id: string; authorId: string },
  caption: string | null,
): Promise<void> {
  const createdAt = await findPostCreatedAt(db, post.id);
  if (createdAt === undefined) return;
  const wanted = await tagsOfCaption(db, caption, post.authorId);
  const stored = await findPostTags(db, post.id);
  await changePostTags(
    db,
    { id: post.id, createdAt },
    {
      hashtags: missingFrom(wanted.hashtags, stored.hashtags),
      mentionIds: missingFrom(wanted.mentionIds, stored.mentionIds),
    },
    {
      hashtags: missingFrom(stored.hashtags, wanted.hashtags),
      mentionIds: missingFrom(stored.mentionIds, wanted.mentionIds),
    },
  );
}
