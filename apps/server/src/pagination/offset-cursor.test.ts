import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { decodeOffsetCursor, encodeOffsetCursor } from './offset-cursor';

describe('offset cursors', () => {
  it('give back the offset they were made from', () => {
    for (const offset of [0, 30, 89])
      expect(decodeOffsetCursor(encodeOffsetCursor(offset))).toBe(offset);
  });

  it('refuse anything they did not make with a validation error', () => {
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      '',
      '!!',
      forged([-1]),
      forged([1.5]),
      forged(['3']),
      forged([2_000_000]),
      forged({}),
    ]) {
      let thrown: unknown;
      try {
        decodeOffsetCursor(cursor);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, cursor).toBeInstanceOf(AppError);
      expect((thrown as AppError).code, cursor).toBe('validation_error');
    }
  });
});
