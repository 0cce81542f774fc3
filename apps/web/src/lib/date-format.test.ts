import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

describe('formatDateTime', () => {
  it("writes the date in the medium style and the time without seconds, in the reader's locale", () => {
    const at = '2026-12-07T03:28:41.000Z';
    const expected = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(at));
    expect(formatDateTime(at)).toBe(expected);
    expect(formatDateTime(Date.parse(at))).toBe(expected);
    // The year is written and the seconds are not (admin's `12/7/2026, 3:50:07 AM` had both).
    expect(formatDateTime(at)).toContain('2026');
    expect(formatDateTime(at)).not.toMatch(/:\d\d:\d\d/);
  });
});
