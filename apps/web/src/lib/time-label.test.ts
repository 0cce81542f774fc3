import { describe, expect, it } from 'vitest';
import { timeLabel } from './time-label';

const now = new Date('2026-08-20T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const week = 7 * day;

describe('timeLabel', () => {
  it.each([
    [0, 'Just now'],
    [59 * second, 'Just now'],
    [minute, '1m'],
    [17 * minute, '17m'],
    [hour - 1, '59m'],
    [hour, '1h'],
    [2 * hour + 30 * minute, '2h'],
    [day - 1, '23h'],
    [day, '1d'],
    [2 * day - 1, '1d'],
    [6 * day, '6d'],
    [week, '1w'],
    [3 * week + 6 * day, '3w'],
  ])('%d ms ago reads %s', (elapsed, label) => {
    expect(timeLabel(ago(elapsed), now)).toBe(label);
  });

  it('gives the date from four weeks on: without the year this year, with it before', () => {
    expect(timeLabel(ago(4 * week), now)).toBe('July 23');
    expect(timeLabel('2026-03-03T09:00:00.000Z', now)).toBe('March 3');
    expect(timeLabel('2026-01-01T00:00:00.000Z', now)).toBe('January 1');
    expect(timeLabel('2023-03-03T09:00:00.000Z', now)).toBe('March 3, 2023');
    // 1224 days: no longer "1224d".
    expect(timeLabel(ago(1224 * day), now)).toBe('April 14, 2023');
  });

  it('reads the date in UTC, so the server and the browser write the same words', () => {
    expect(timeLabel('2025-12-31T23:30:00.000Z', now)).toBe('December 31, 2025');
  });

  it('reads Just now for a timestamp slightly in the future (clock skew)', () => {
    expect(timeLabel(ago(-5 * minute), now)).toBe('Just now');
  });

  it('accepts the clock as a number and the time as a Date', () => {
    expect(timeLabel(new Date(now.getTime() - 3 * hour), now.getTime())).toBe('3h');
  });
});
