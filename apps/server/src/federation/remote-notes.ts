import type { Context } from '@fedify/fedify';
import type { Note } from '@fedify/vocab';
import { Document, Image, Link, Mention, PUBLIC_COLLECTION } from '@fedify/vocab';
import { limits } from '@pinhole/contracts';
import { htmlToText } from './html';

/** A photo of a remote Note, as its server describes it. */
export interface RemoteImage {
  url: string;
  altText: string | null;
  width: number | null;
  height: number | null;
  blurhash: string | null;
}

/** What a remote Note says that a post here shows. */
export interface RemoteNote {
  id: string;
  /** Its page on its own server. */
  url: string | null;
  caption: string | null;
  isPublic: boolean;
  publishedAt: string;
  images: RemoteImage[];
  /** The local people it is addressed to (`to`, `cc`), by username. */
  addressedTo: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Mastodon and Pixelfed send each photo's BlurHash (`toot:blurhash`), which Fedify's vocabulary
 * does not read: it is taken from the JSON as it arrived, by the photo's URL.
 */
export function blurhashesOf(raw: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const note = isRecord(raw) && isRecord(raw.object) ? raw.object : raw;
  if (!isRecord(note)) return found;
  const attachments = Array.isArray(note.attachment) ? note.attachment : [note.attachment];
  for (const attachment of attachments) {
    if (!isRecord(attachment) || typeof attachment.blurhash !== 'string') continue;
    const url = isRecord(attachment.url) ? attachment.url.href : attachment.url;
    if (typeof url === 'string') found.set(url, attachment.blurhash);
  }
  return found;
}

/** The JSON an activity or object arrived as, kept by Fedify when it was parsed. */
export function rawJsonOf(object: unknown): unknown {
  return (object as { _cachedJsonLd?: unknown })._cachedJsonLd;
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/**
 * A remote Note read for a post: its photos (images only, at most ten, in order, with alt texts
 * and BlurHashes), its caption as text (hashtags kept as `#tag`, mentions written `@user@host`,
 * or `@username` for people here), whether it is public, whom here it addresses.
 */
export async function readRemoteNote(
  ctx: Context<void>,
  note: Note,
  raw: unknown,
  now: Date,
): Promise<RemoteNote | undefined> {
  if (!note.id) return undefined;
  const loaders = {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
    suppressError: true,
  };
  const localUsername = (href: string) => {
    const parsed = ctx.parseUri(new URL(href));
    return parsed?.type === 'actor' && !parsed.identifier.includes('@')
      ? parsed.identifier
      : undefined;
  };
  const blurhashes = blurhashesOf(raw);
  const images: RemoteImage[] = [];
  for await (const attachment of note.getAttachments(loaders)) {
    if (!(attachment instanceof Document)) continue;
    const mediaType = attachment.mediaType ?? '';
    // Mastodon sends a Document with an image type, Pixelfed an Image; videos are left out.
    if (!(mediaType.startsWith('image/') || (attachment instanceof Image && mediaType === ''))) {
      continue;
    }
    const url = attachment.url instanceof Link ? attachment.url.href : attachment.url;
    if (!url || url.protocol !== 'https:') continue;
    images.push({
      url: url.href,
      altText: attachment.name?.toString().trim().slice(0, limits.maxAltTextLength) || null,
      width: attachment.width,
      height: attachment.height,
      blurhash: blurhashes.get(url.href) ?? null,
    });
    if (images.length === limits.maxPostImages) break;
  }
  // A mention links to the person's page; its tag names them in full.
  const mentionNames = new Map<string, string>();
  for await (const tag of note.getTags(loaders)) {
    if (!(tag instanceof Mention) || !tag.href) continue;
    const local = localUsername(tag.href.href);
    const name = tag.name?.toString() ?? '';
    const full = local
      ? `@${local}`
      : name.split('@').length === 3
        ? name
        : `@${name.replace(/^@/, '')}@${tag.href.host}`;
    mentionNames.set(tag.href.href, full.toLowerCase());
    // Mastodon links a mention to the person's page, not their actor: match `@bob` too.
    const short = `@${full.split('@')[1] ?? ''}`.toLowerCase();
    if (!mentionNames.has(short)) mentionNames.set(short, full.toLowerCase());
  }
  const html = (note.content?.toString() ?? '').replace(
    /<a\s[^>]*href="([^"]*)"[^>]*>[\s\S]*?<\/a>/gi,
    (anchor, href: string) =>
      mentionNames.get(decodeAttribute(href)) ??
      mentionNames.get(htmlToText(anchor).toLowerCase()) ??
      anchor,
  );
  const caption = htmlToText(html).slice(0, limits.captionMaxLength);
  const audience = [...note.toIds, ...note.ccIds].map((id) => id.href);
  const publicIds = [PUBLIC_COLLECTION.href, 'as:Public', 'Public'];
  // Temporal.Instant, a type TypeScript 5.9 does not know yet (Fedify's polyfill has it).
  const instant = note.published as { toString(): string } | null;
  const published = Date.parse(instant?.toString() ?? '');
  const at = Number.isNaN(published) ? now : new Date(Math.min(published, now.getTime()));
  const url = note.url instanceof Link ? note.url.href : note.url;
  return {
    id: note.id.href,
    url: url?.href ?? note.id.href,
    caption: caption === '' ? null : caption,
    isPublic: audience.some((id) => publicIds.includes(id)),
    publishedAt: at.toISOString(),
    images,
    addressedTo: audience.flatMap((id) => localUsername(id) ?? []),
  };
}
