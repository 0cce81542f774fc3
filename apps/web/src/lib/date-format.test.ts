import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

// Local times: the label is in the reader's zone, so the tests build dates in it too.
const at = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes, 7);
const now = at(2026, 12, 7, 12, 0);

describe('formatDateTime', () => {
  it.each([
    [at(2026, 12, 7, 3, 50), 'December 7 at 3:50 AM'],
    [at(2026, 3, 3, 0, 5), 'March 3 at 12:05 AM'],
    [at(2026, 7, 1, 12, 0), 'July 1 at 12:00 PM'],
    [at(2026, 7, 1, 23, 59), 'July 1 at 11:59 PM'],
    [at(2025, 1, 31, 15, 4), 'January 31, 2025 at 3:04 PM'],
  ])('%s reads %s', (date, label) => {
    expect(formatDateTime(date, now)).toBe(label);
  });

  it('reads an ISO string as the same moment', () => {
    const date = at(2026, 12, 7, 3, 50);
    expect(formatDateTime(date.toISOString(), now)).toBe('December 7 at 3:50 AM');
  });

  it('writes nothing for a date it cannot read, rather than "Invalid Date"', () => {
    expect(formatDateTime('not a date', now)).toBe('');
  });
});
