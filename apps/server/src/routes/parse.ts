import { z } from 'zod';
import { validationError } from '../errors';

/** Parses request input with a contract schema; a failure is a 400 with one message per field. */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
): z.output<Schema> {
  // A missing body or query is an empty object, so each required field gets its own message.
  const value = schema instanceof z.ZodObject && input === undefined ? {} : input;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** For bodies the services hand over already serialized. */
export const jsonType = 'application/json; charset=utf-8';
