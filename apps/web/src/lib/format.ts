// `Number#toLocaleString` builds a new Intl formatter on every call, loading locale data each
// time: on a phone, twenty posts' labels cost a visible share of the first screen's main thread.
// One formatter, built on first use, gives the same text. (Dates and times: `date-format.ts`.)
let counts: Intl.NumberFormat | undefined;

/** A count with the reader's thousands separators, as `toLocaleString()` writes it. */
export function formatCount(value: number): string {
  // Below a thousand no locale writes separators; building the formatter alone took ~15 ms.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  counts ??= new Intl.NumberFormat();
  return counts.format(value);
}

/** The noun of a count, singular for exactly one: `like` for 1, `likes` otherwise. */
export function countNoun(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count and its noun, singular for exactly one: `1 like`, `0 likes`, `1,234 likes`. */
export function countedLabel(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${countNoun(count, one, many)}`;
}

/** How many posts a hashtag has: `1 post`, `1,234 posts`. */
export function postsCountLabel(count: number): string {
  return countedLabel(count, 'post', 'posts');
}
