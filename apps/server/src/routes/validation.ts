import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationError } from '../errors';

/**
 * Checks params, query and JSON bodies with the route's contract schema. A failure is the API's
 * 400 (the first problem as the message, one message per field), not Fastify's own error shape.
 * A multipart body is a stream the handler reads as it arrives, so its schema only describes it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, contentType }) => {
  if (contentType?.startsWith('multipart/')) return () => true;
  return (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };
};
