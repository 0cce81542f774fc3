import { limits } from './limits';

// No zod here: the web client's first script draws captions with this parser, and a module with
// schemas would bring zod (24 KB gzip) into that script.

/** A hashtag or a mention in a caption or comment, where it sits in the text. */
export interface TextEntity {
  kind: 'hashtag' | 'mention';
  /** The tag or username without its `#`/`@`, in lowercase. */
  value: string;
  /** The sigil's index and the index just past the entity, in UTF-16 units of the text. */
  start: number;
  end: number;
}

// `#` then letters of any script, digits or `_`; not inside a word or an HTML entity (`&#39;`).
const hashtagPattern = /(?<![\p{L}\p{N}_&])#([\p{L}\p{M}\p{N}_]+)/gu;
// `@` then a username, and for a person on another server `@` and their server's host
// (`@bob@photos.example`); not inside a word or an email address (`bob@example.com`).
const mentionPattern =
  /(?<![\p{L}\p{N}_.@])@([a-zA-Z0-9._]+)(?:@([a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+))?/gu;

/**
 * Every hashtag and mention in `text`, in order: the one parser the server stores them with and
 * the client draws links with. A mention's trailing dots are punctuation (`@bob.`), and names
 * longer than a username or a hashtag can be are not entities.
 */
export function findEntities(text: string): TextEntity[] {
  const found: TextEntity[] = [];
  for (const match of text.matchAll(hashtagPattern)) {
    const name = match[1] ?? '';
    if (name.length > limits.hashtagMaxLength) continue;
    found.push({
      kind: 'hashtag',
      value: name.toLowerCase(),
      start: match.index,
      end: match.index + 1 + name.length,
    });
  }
  for (const match of text.matchAll(mentionPattern)) {
    const host = match[2];
    const local = host ? (match[1] ?? '') : (match[1] ?? '').replace(/\.+$/, '');
    if (local.length === 0 || local.length > limits.usernameMaxLength) continue;
    const name = host ? `${local}@${host}` : local;
    found.push({
      kind: 'mention',
      value: name.toLowerCase(),
      start: match.index,
      end: match.index + 1 + name.length,
    });
  }
  return found.sort((a, b) => a.start - b.start);
}

const distinct = (text: string, kind: TextEntity['kind'], cap: number) =>
  [
    ...new Set(
      findEntities(text)
        .filter((entity) => entity.kind === kind)
        .map((entity) => entity.value),
    ),
  ].slice(0, cap);

/** The hashtags a text is stored under: distinct, lowercase, the first 30. */
export const hashtagsOf = (text: string) => distinct(text, 'hashtag', limits.maxHashtagsPerText);

/** The usernames a text mentions: distinct, lowercase, the first 20. */
export const mentionsOf = (text: string) => distinct(text, 'mention', limits.maxMentionsPerText);

/**
 * Text as search compares it: accents and other marks removed (`José` → `jose`), lowercase.
 * The server stores names this way and folds each query the same way, on both databases.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
