import type { z } from 'zod';
import { AppError } from '../errors';

/** Cursors are opaque to clients: base64url JSON that only this server reads back. */
export function encodeJsonCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The value of a cursor this server made; anything else is 400 `cursor is invalid`. */
export function decodeJsonCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = schema.safeParse(decoded);
  if (!parsed.success) {
    throw new AppError('validation_error', 'cursor is invalid', { cursor: 'cursor is invalid' });
  }
  return parsed.data;
}
