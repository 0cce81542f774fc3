import type { Context } from '@fedify/fedify';
import { Image as ImageAttachment, Note, PUBLIC_COLLECTION, Video } from '@fedify/vocab';
import { mentionsOf } from '@pinhole/contracts';
import type { NoteSource } from '../services/federated-reads.service';
import type { MediaUrls } from '../storage/media-urls';
import { captionOf } from './caption-html';
import type { NoteMedia } from './note-media';

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

export type { NoteSource } from '../services/federated-reads.service';

/**
 * A post as a `Note` (what Mastodon, Pixelfed and the others show): its photos as an array of
 * `Image` in the post's order, each with its alt text as `name` and its size; the caption as HTML
 * with `Hashtag` and `Mention` tags. A public post is addressed to everyone and copied to the followers; a
 * private account's only to its followers.
 */
export async function noteOf(
  ctx: Context<void>,
  source: NoteSource,
  media: NoteMedia,
): Promise<Note> {
  const { post } = source;
  const images = await media.prepare(source.images);
  const origin = ctx.canonicalOrigin;
  const author = post.author_username;
  const isPrivate = post.author_is_private === 1;
  const pageUrl = new URL(`/p/${post.id}`, origin);
  const caption = post.caption ?? '';
  const { html, tags } = captionOf(ctx, caption, await media.people(mentionsOf(caption)));
  let content = html;
  if (images.length > attachmentsShownByMastodon) {
    content += `<p><a href="${pageUrl.href}">${images.length} photos</a></p>`;
  }
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
    attachments: images.map((image) => imageOf(image, media.urls, isPrivate, origin)),
  });
}

function imageOf(
  image: NoteSource['images'][number],
  urls: MediaUrls,
  isPrivate: boolean,
  origin: string,
) {
  if (image.type === 'video') {
    // The transcoded MP4 (H.264/AAC, what Mastodon and Pixelfed play), as Mastodon sends one.
    return new Video({
      url: new URL(urls.post(image.file_key, isPrivate), origin),
      mediaType: 'video/mp4',
      name: image.alt_text ?? null,
      width: image.width,
      height: image.height,
    });
  }
  // Full size, as JPEG where the original is WebP, AVIF or PNG (Pixelfed takes only JPEG, PNG
  // and GIF): its copy, made when the post is first sent; GIFs stay GIFs.
  const key = image.jpeg_key ?? image.file_key;
  return new ImageAttachment({
    url: new URL(urls.post(key, isPrivate), origin),
    mediaType: mediaTypeOf(key),
    name: image.alt_text ?? null,
    width: image.width,
    height: image.height,
  });
}
