import { z } from 'zod';
import { decodeJsonCursor, encodeJsonCursor } from './cursor-codec';

const offsetSchema = z.tuple([z.number().int().min(0).max(1_000_000)]);

/**
 * A cursor into a ranked list that has no stable key to resume from (suggestions): how many
 * entries the earlier pages held.
 */
export function encodeOffsetCursor(offset: number): string {
  return encodeJsonCursor([offset]);
}

export function decodeOffsetCursor(cursor: string): number {
  return decodeJsonCursor(cursor, offsetSchema)[0];
}
