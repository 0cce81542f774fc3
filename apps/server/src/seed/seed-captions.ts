/**
 * Seeded captions: an opening and an ending from the word lists, up to three hashtags, and now
 * and then a mention of another person, so hashtag pages and TAGGED tabs have posts in them.
 */
import type { Random } from '../random';
import { captionEndings, captionOpenings, hashtags } from './content';

/** The share of seeded captions that mention someone (`with @name`), for TAGGED tabs. */
const mentionShare = 0.1;

export function caption(random: Random): string | null {
  if (random.chance(0.12)) return null;
  let text = random.pick(captionOpenings);
  if (text.endsWith('#')) text += String(random.int(1, 99));
  text += random.pick(captionEndings);
  const tags = random.int(0, 3);
  const chosen = new Set<string>();
  for (let index = 0; index < tags; index++) chosen.add(random.pick(hashtags));
  return chosen.size > 0 ? `${text} ${[...chosen].join(' ')}` : text;
}

/** A caption, sometimes naming another person; people mention their friends, the active ones. */
export function withMention(
  text: string | null,
  random: Random,
  pickPerson: () => number,
  usernames: readonly { username: string }[],
  authorIndex: number,
): string | null {
  if (!random.chance(mentionShare)) return text;
  const other = pickPerson();
  if (other === authorIndex) return text;
  const mention = `with @${usernames[other]!.username}`;
  return text === null ? mention : `${text} ${mention}`;
}
