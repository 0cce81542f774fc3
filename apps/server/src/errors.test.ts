import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflictFor, errorBody, toAppError, validationError } from './errors';

const frameworkError = (statusCode: number, code = 'FST_SOMETHING', message = 'raw') =>
  Object.assign(new Error(message), { statusCode, code }) as FastifyError;

describe('errors', () => {
  it('gives each code its status from the one map', () => {
    expect(new AppError('invalid_credentials', 'x').status).toBe(400);
    expect(new AppError('rate_limited', 'x').status).toBe(429);
    expect(new AppError('unavailable', 'x').status).toBe(503);
  });

  it('maps framework errors by status, reading 400 as a validation error', () => {
    expect(toAppError(frameworkError(400)).code).toBe('validation_error');
    expect(toAppError(frameworkError(400)).message).toBe('Invalid request');
    expect(toAppError(frameworkError(400, 'FST_ERR_CTP_INVALID_JSON')).message).toBe(
      'Request body is not valid JSON',
    );
    expect(toAppError(frameworkError(404, 'FST_X', 'Route not found'))).toMatchObject({
      code: 'not_found',
      message: 'Route not found',
    });
    expect(toAppError(frameworkError(413)).code).toBe('file_too_large');
    expect(toAppError(frameworkError(415)).code).toBe('unsupported_media_type');
    expect(toAppError(frameworkError(429)).code).toBe('rate_limited');
    expect(toAppError(frameworkError(418)).code).toBe('validation_error');
  });

  it('never passes a server-side failure message on', () => {
    const error = toAppError(frameworkError(500, 'FST_X', 'connection refused at 10.0.0.3'));
    expect(error).toMatchObject({ code: 'internal', status: 500 });
    expect(error.message).not.toContain('10.0.0.3');
  });

  it('turns a zod failure into one message per field, the first as the message', () => {
    const schema = z.object({ a: z.string().min(2, 'a is short'), b: z.number('b is no number') });
    const result = schema.safeParse({ a: 'x', b: 'y' });
    if (result.success) throw new Error('expected a failure');
    expect(errorBody(validationError(result.error))).toEqual({
      error: {
        code: 'validation_error',
        message: 'a is short',
        fields: { a: 'a is short', b: 'b is no number' },
      },
    });
  });

  it('names the taken field of a conflict', () => {
    expect(conflictFor(false, true).fields).toEqual({
      username: 'This username is already taken',
    });
    expect(conflictFor(true, true).message).toBe('An account with this email already exists');
  });
});
