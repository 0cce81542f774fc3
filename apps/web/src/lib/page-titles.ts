import type { Post, Profile } from '@pinhole/contracts';
import { siteName } from './home-title';

// The tab titles of a post's and a profile's page, as the server writes them into the HTML of a
// deep link (apps/server/src/pages/link-previews.ts): moving around in the app must not change
// what a reload shows. The home's own is in home-title.ts, as the home is in the first script.

/** Instagram's web cuts a caption in a post's title at about this many characters. */
const titleCaptionLength = 60;

export const notFoundTitle = `Page not found • ${siteName}`;

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function characters(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return Array.from(text);
  const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** At most `max` characters as people count them, ending at a word near the cut, with "…". */
export function shorten(text: string, max: number): string {
  const parts = characters(text);
  if (parts.length <= max) return text;
  let kept = parts.slice(0, max).join('');
  const lastSpace = kept.lastIndexOf(' ');
  if (parts[max] !== ' ' && lastSpace > kept.length * 0.6) kept = kept.slice(0, lastSpace);
  return `${kept.trimEnd()}…`;
}

export function postTitle(post: Post): string {
  const { username } = post.author;
  const caption = post.caption === null ? '' : oneLine(post.caption);
  return caption
    ? `${username} on ${siteName}: "${shorten(caption, titleCaptionLength)}"`
    : `Photo by ${username} • ${siteName}`;
}

export function profileTitle(profile: Profile): string {
  const name = oneLine(profile.full_name) || profile.username;
  return `${name} (@${profile.username}) • ${siteName} photos`;
}

/** Placeholder pages (explore, settings, …) until their issues build them. */
export function pageTitle(name: string): string {
  return `${name} • ${siteName}`;
}
