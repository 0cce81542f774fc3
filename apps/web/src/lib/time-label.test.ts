import { describe, expect, it } from 'vitest';
import { timeLabel } from './time-label';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('timeLabel', () => {
  it.each([
    [0, 'Just now'],
    [59 * minute, 'Just now'],
    [hour - 1, 'Just now'],
    [hour, '1h'],
    [2 * hour + 30 * minute, '2h'],
    [day - 1, '23h'],
    [day, '1d'],
    [2 * day - 1, '1d'],
    [9 * day, '9d'],
    [400 * day, '400d'],
  ])('%d ms ago reads %s', (elapsed, label) => {
    expect(timeLabel(ago(elapsed), now)).toBe(label);
  });

  it('reads Just now for a timestamp slightly in the future (clock skew)', () => {
    expect(timeLabel(ago(-5 * minute), now)).toBe('Just now');
  });

  it('accepts the clock as a number and the time as a Date', () => {
    expect(timeLabel(new Date(now.getTime() - 3 * hour), now.getTime())).toBe('3h');
  });
});
