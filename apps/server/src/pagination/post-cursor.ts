import { z } from 'zod';
import type { PostPosition } from '../repositories/posts.repository';
import { decodeJsonCursor, encodeJsonCursor } from './cursor-codec';

const positionSchema = z.tuple([
  z.iso.datetime({ precision: 3 }),
  z.string().regex(/^[0-9a-f-]{36}$/),
]);

/** An opaque keyset cursor: the last post's (created_at, id). */
export function encodeCursor(position: PostPosition): string {
  return encodeJsonCursor([position.createdAt, position.id]);
}

export function decodeCursor(cursor: string): PostPosition {
  const [createdAt, id] = decodeJsonCursor(cursor, positionSchema);
  return { createdAt, id };
}
