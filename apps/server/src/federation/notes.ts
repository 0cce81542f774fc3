import type { Context } from '@fedify/fedify';
import { isRemoteUsername } from '@pinhole/contracts';
import { Hashtag, Image as ImageAttachment, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PostImageRow } from '../repositories/post-images.repository';
import { listImagesOfPosts } from '../repositories/post-images.repository';
import type { PostRow } from '../repositories/posts.repository';
import { findPostById } from '../repositories/posts.repository';
import type { MediaUrls } from '../storage/media-urls';
import { escapeHtml } from './html';

/** Mastodon shows four attachments; a post with more says so, with a link to all of them. */
const attachmentsShownByMastodon = 4;

const mediaTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

const mediaTypeOf = (key: string): string =>
  mediaTypes[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/jpeg';

const hashtagPattern = /#([\p{L}\p{N}_]+)/gu;

/** A caption as HTML: text escaped, hashtags linked to their page here. */
export function captionHtml(caption: string, origin: string): string {
  return caption
    .split(/\n{2,}/)
    .map((paragraph) => {
      const linked = escapeHtml(paragraph).replace(
        hashtagPattern,
        (_match, tag: string) =>
          `<a href="${origin}/explore/tags/${encodeURIComponent(tag.toLowerCase())}" ` +
          `class="mention hashtag" rel="tag">#<span>${tag}</span></a>`,
      );
      return `<p>${linked.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
}

export interface NoteSource {
  post: PostRow;
  images: PostImageRow[];
}

export async function findNoteSource(
  db: Kysely<DB>,
  postId: string,
): Promise<NoteSource | undefined> {
  const post = await findPostById(db, postId);
  if (!post || post.author_suspended_at !== null) return undefined;
  // A remote person's post is their server's Note, never one of ours.
  if (isRemoteUsername(post.author_username)) return undefined;
  const images = (await listImagesOfPosts(db, [postId])).get(postId) ?? [];
  return { post, images };
}

/**
 * A post as a `Note` (what Mastodon, Pixelfed and the others show): its photos as an array of
 * `Image` in the post's order, each with its alt text as `name` and its size; the caption as HTML
 * with `Hashtag` tags. A public post is addressed to everyone and copied to the followers; a
 * private account's only to its followers.
 */
export async function noteOf(
  ctx: Context<void>,
  { post, images }: NoteSource,
  urls: MediaUrls,
): Promise<Note> {
  const origin = ctx.canonicalOrigin;
  const author = post.author_username;
  const isPrivate = post.author_is_private === 1;
  const pageUrl = new URL(`/p/${post.id}`, origin);
  let content = post.caption ? captionHtml(post.caption, origin) : '';
  if (images.length > attachmentsShownByMastodon) {
    content += `<p><a href="${pageUrl.href}">${images.length} photos</a></p>`;
  }
  const tags = [...(post.caption ?? '').matchAll(hashtagPattern)].map(
    ([, tag]) =>
      new Hashtag({
        name: `#${tag!.toLowerCase()}`,
        href: new URL(`/explore/tags/${encodeURIComponent(tag!.toLowerCase())}`, origin),
      }),
  );
  // Fedify's Note takes Temporal instants; read through its own JSON-LD reader.
  const dated = await Note.fromJsonLd(
    {
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Note',
      published: post.created_at,
      ...(post.edited_at ? { updated: post.edited_at } : {}),
    },
    { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader },
  );
  const followers = ctx.getFollowersUri(author);
  return new Note({
    id: ctx.getObjectUri(Note, { id: post.id }),
    attribution: ctx.getActorUri(author),
    to: isPrivate ? followers : PUBLIC_COLLECTION,
    cc: isPrivate ? null : followers,
    content,
    url: pageUrl,
    // Temporal.Instant: a type TypeScript 5.9 does not know yet (Fedify's polyfill has it).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    published: dated.published,
    // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
    updated: dated.updated,
    sensitive: false,
    tags,
    attachments: images.map((image) => imageOf(image, urls, isPrivate, origin)),
  });
}

function imageOf(image: PostImageRow, urls: MediaUrls, isPrivate: boolean, origin: string) {
  // The original file, full size: Pixelfed takes only JPEG, PNG and GIF, which uploads are
  // stored as unless they came as WebP or AVIF.
  return new ImageAttachment({
    url: new URL(urls.post(image.image_key, isPrivate), origin),
    mediaType: mediaTypeOf(image.image_key),
    name: image.alt_text ?? null,
    width: image.width,
    height: image.height,
  });
}
