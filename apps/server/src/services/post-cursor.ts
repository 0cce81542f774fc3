import { z } from 'zod';
import { AppError } from '../errors';
import type { PostPosition } from '../repositories/posts.repository';

const positionSchema = z.tuple([
  z.iso.datetime({ precision: 3 }),
  z.string().regex(/^[0-9a-f-]{36}$/),
]);

/** An opaque keyset cursor: the last post's (created_at, id), base64url-encoded JSON. */
export function encodeCursor(position: PostPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): PostPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const parsed = positionSchema.safeParse(decoded);
  if (!parsed.success) {
    throw new AppError('validation_error', 'cursor is invalid', { cursor: 'cursor is invalid' });
  }
  return { createdAt: parsed.data[0], id: parsed.data[1] };
}
