import { monthNames } from './time-label';

/**
 * A moment with its time of day, in the words the rest of the app uses for dates (`timeLabel`'s
 * `March 3` / `March 3, 2023`): `December 7 at 3:50 AM` this year, `December 7, 2025 at 3:50 AM`
 * before or after it. Written out rather than asked of Intl so every page (admin, messages, a
 * post's tooltip) reads the same whatever the browser's locale; the reader's own time zone,
 * since a time of day is only useful on the reader's clock. These labels are drawn in the browser
 * only, never in the server's first screen, so the zone cannot break hydration.
 */
export function formatDateTime(value: string | Date, now: Date | number = Date.now()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${monthNames[date.getMonth()]} ${date.getDate()}`;
  const year = date.getFullYear();
  const withYear = year === new Date(now).getFullYear() ? day : `${day}, ${year}`;
  return `${withYear} at ${clockTime(date)}`;
}

/** `3:50 AM`, `12:05 PM`: the hour on a 12-hour clock, as Instagram writes it in English. */
function clockTime(date: Date): string {
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
