const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * A moment as people read it, the one way the app writes a date with its time (`Dec 7, 2026,
 * 3:28 AM` in English): messages and admin alike, so no two pages disagree.
 */
export function formatDateTime(date: string | number | Date): string {
  return dateTimeFormat.format(new Date(date));
}
