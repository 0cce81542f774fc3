// `Number#toLocaleString` and `Date#toLocaleString` build a new Intl formatter on every call,
// loading locale data each time: on a phone, twenty posts' labels cost a visible share of the
// first screen's main thread. One formatter each, built on first use, gives the same text.
let counts: Intl.NumberFormat | undefined;
let dateTimes: Intl.DateTimeFormat | undefined;

/** A count with the reader's thousands separators, as `toLocaleString()` writes it. */
export function formatCount(value: number): string {
  // Below a thousand no locale writes separators; building the formatter alone took ~15 ms.
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  counts ??= new Intl.NumberFormat();
  return counts.format(value);
}

/** A date and time in the reader's locale, as `Date#toLocaleString()` writes it. */
export function formatDateTime(date: Date): string {
  // The fields `toLocaleString()` asks for when given none.
  dateTimes ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return dateTimes.format(date);
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
