const minuteMs = 60 * 1000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const weekMs = 7 * dayMs;

// Written out rather than asked of Intl: the server draws the first screen with the same
// function, and its locale (or a reader's) must not change the words, or hydration mismatches.
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Instagram's relative time: under a minute `Just now` (the spec's words), then `17m`, `3h`,
 * `2d`, `3w`; from four weeks on the date, `March 3` this year and `March 3, 2023` before.
 * `now` is passed in so the label is a pure function of its inputs (tests hold the clock still).
 * A timestamp slightly in the future (clock skew between machines) also reads `Just now`.
 * Dates are the UTC day, so that the server's HTML and the browser agree whatever their zones.
 */
export function timeLabel(createdAt: string | Date, now: Date | number): string {
  const created = new Date(createdAt);
  const current = new Date(now);
  const elapsed = current.getTime() - created.getTime();
  if (!Number.isFinite(elapsed) || elapsed < minuteMs) return 'Just now';
  if (elapsed < hourMs) return `${Math.floor(elapsed / minuteMs)}m`;
  if (elapsed < dayMs) return `${Math.floor(elapsed / hourMs)}h`;
  if (elapsed < weekMs) return `${Math.floor(elapsed / dayMs)}d`;
  if (elapsed < 4 * weekMs) return `${Math.floor(elapsed / weekMs)}w`;
  const day = `${monthNames[created.getUTCMonth()]} ${created.getUTCDate()}`;
  const year = created.getUTCFullYear();
  return year === current.getUTCFullYear() ? day : `${day}, ${year}`;
}
