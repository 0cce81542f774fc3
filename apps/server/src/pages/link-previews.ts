import { limits, pagePaths, type Post, type Profile } from '@pinhole/contracts';

/** What a page's `<head>` says about it: its title, and the tags link previews are drawn from. */
export interface PageHead {
  title: string;
  /** Replaces the template's `<meta name="description">`; absent keeps the template's own. */
  description?: string;
  /** The one address of the page (`<link rel="canonical">`). */
  canonical?: string;
  /** `<meta property=…>` (Open Graph) and `<meta name=…>` tags, in this order. */
  meta: readonly MetaTag[];
}

export interface MetaTag {
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

const siteName = 'Pinhole';
/** Instagram's web cuts a caption in a post's title at about this many characters. */
const titleCaptionLength = 60;
/** Previews show two or three lines of the description; more is cut by every previewer. */
const descriptionCaptionLength = 300;
const largestVariantWidth = Math.max(...limits.imageVariantWidths);

export const notFoundHead: PageHead = {
  title: `Page not found • ${siteName}`,
  // A missing page must not be indexed as if it were one.
  meta: [{ attribute: 'name', key: 'robots', content: 'noindex' }],
};

const property = (key: string, content: string): MetaTag => ({
  attribute: 'property',
  key,
  content,
});
const named = (key: string, content: string): MetaTag => ({ attribute: 'name', key, content });

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A caption on one line: previews show no line breaks, and runs of spaces look broken. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * At most `max` characters as a person counts them (an emoji with its modifiers is one), ending
 * at a word when one ends near the cut, with an ellipsis when anything was left out.
 */
export function shorten(text: string, max: number): string {
  const parts = Array.from(graphemes.segment(text), (part) => part.segment);
  if (parts.length <= max) return text;
  let kept = parts.slice(0, max).join('');
  const lastSpace = kept.lastIndexOf(' ');
  if (parts[max] !== ' ' && lastSpace > kept.length * 0.6) kept = kept.slice(0, lastSpace);
  return `${kept.trimEnd()}…`;
}

const numberFormat = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function counted(count: number, one: string, many: string): string {
  return `${numberFormat.format(count)} ${count === 1 ? one : many}`;
}

/** The post's 1080 px photo, else the widest it has: previewers draw it large. */
function previewImage(post: Post): { url: string; width: number; height: number } {
  const { image } = post;
  const candidates = [...image.variants];
  // Variants are never upscaled: a photo 1080 px wide or less is its own largest size.
  if (image.width <= largestVariantWidth) {
    candidates.push({ url: post.image_url, width: image.width, height: image.height });
  }
  const widest = candidates.reduce<(typeof candidates)[number] | undefined>(
    (best, candidate) => (!best || candidate.width > best.width ? candidate : best),
    undefined,
  );
  return widest ?? { url: post.image_url, width: image.width, height: image.height };
}

/** `/p/:id`, as Instagram's web titles and describes a post. */
export function postHead(post: Post, origin: URL): PageHead {
  const { username } = post.author;
  const url = new URL(pagePaths.post.to(post.id), origin).href;
  const caption = post.caption === null ? '' : oneLine(post.caption);
  const title = caption
    ? `${username} on ${siteName}: "${shorten(caption, titleCaptionLength)}"`
    : `Photo by ${username} • ${siteName}`;
  const counts = `${counted(post.likes_count, 'like', 'likes')}, ${counted(post.comments_count, 'comment', 'comments')}`;
  const when = dateFormat.format(new Date(post.created_at));
  const description =
    `${counts} - ${username} on ${when}` +
    (caption ? `: "${shorten(caption, descriptionCaptionLength)}"` : '');
  const image = previewImage(post);
  return {
    title,
    description,
    canonical: url,
    meta: [
      property('og:site_name', siteName),
      property('og:type', 'article'),
      property('og:title', title),
      property('og:description', description),
      property('og:url', url),
      property('og:image', new URL(image.url, origin).href),
      property('og:image:width', String(image.width)),
      property('og:image:height', String(image.height)),
      named('twitter:card', 'summary_large_image'),
    ],
  };
}

/** `/:username` and its tabs, as Instagram's web titles and describes a profile. */
export function profileHead(profile: Profile, origin: URL): PageHead {
  const { username } = profile;
  const url = new URL(pagePaths.profile.to(username), origin).href;
  const name = oneLine(profile.full_name) || username;
  const title = `${name} (@${username}) • ${siteName} photos`;
  const description =
    `${counted(profile.followers_count, 'Follower', 'Followers')}, ` +
    `${numberFormat.format(profile.following_count)} Following, ` +
    `${counted(profile.posts_count, 'Post', 'Posts')} - ` +
    `See ${siteName} photos from ${name} (@${username})`;
  return {
    title,
    description,
    // A person of another server: their own page is the one to index, not our copy of it.
    canonical: profile.remote_url ?? url,
    meta: [
      ...(profile.is_remote ? [named('robots', 'noindex')] : []),
      property('og:site_name', siteName),
      property('og:type', 'profile'),
      property('og:title', title),
      property('og:description', description),
      property('og:url', url),
      ...(profile.avatar_url
        ? [property('og:image', new URL(profile.avatar_url, origin).href)]
        : []),
      property('profile:username', username),
      named('twitter:card', 'summary'),
    ],
  };
}
