/**
 * The `@name` or `#tag` being typed where the caret is, found as the server's parser
 * (`findEntities` in contracts) finds a finished one: after the start, a space or punctuation,
 * never inside a word or an email address.
 */
export interface MentionToken {
  kind: 'people' | 'tags';
  /** What follows the sigil, up to the caret. */
  query: string;
  /** The sigil's index, and the index just past the word the caret is in. */
  start: number;
  end: number;
}

const sigils = { '@': 'people', '#': 'tags' } as const;
// What may precede a sigil (the parser's look-behind, inverted): not a letter, digit, `_`,
// `.`, `@` or `&` (an HTML entity's `&#39;`).
const glued = /[\p{L}\p{N}_.@&]/u;
const wordCharacter = { people: /[a-zA-Z0-9._]/, tags: /[\p{L}\p{M}\p{N}_]/u } as const;
/** The longest word worth suggesting for (a username's limit; tags are longer, rarely typed). */
const maxQueryLength = 64;

export function activeToken(text: string, caret: number): MentionToken | null {
  // Walk back over characters that can be part of either kind of word.
  let index = caret;
  while (index > 0 && caret - index <= maxQueryLength) {
    const character = text[index - 1]!;
    if (character === '@' || character === '#') break;
    if (!wordCharacter.tags.test(character) && !wordCharacter.people.test(character)) return null;
    index -= 1;
  }
  const sigil = text[index - 1];
  if (sigil !== '@' && sigil !== '#') return null;
  const start = index - 1;
  if (start > 0 && glued.test(text[start - 1]!)) return null;
  const kind = sigils[sigil];
  const query = text.slice(index, caret);
  if (query.length === 0 || ![...query].every((c) => wordCharacter[kind].test(c))) return null;
  let end = caret;
  while (end < text.length && wordCharacter[kind].test(text[end]!)) end += 1;
  return { kind, query, start, end };
}

/**
 * The text with the token replaced by the chosen `@username ` or `#tag ` (one space after it,
 * not two when one was there), and where the caret goes: just past that space.
 */
export function insertSuggestion(
  text: string,
  token: MentionToken,
  value: string,
): { text: string; caret: number } {
  const inserted = `${token.kind === 'people' ? '@' : '#'}${value} `;
  const after = text.slice(token.end).replace(/^ /, '');
  return {
    text: text.slice(0, token.start) + inserted + after,
    caret: token.start + inserted.length,
  };
}
