// Built on first use: a formatter loads locale data, and pages that write no date need none.
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * A moment as people read it, the one way the app writes a date with its time (`Dec 7, 2026,
 * 3:28 AM` in English): messages and admin alike, so no two pages disagree.
 */
export function formatDateTime(date: string | number | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return dateTimeFormat.format(new Date(date));
}
