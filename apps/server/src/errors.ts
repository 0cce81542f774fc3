import type { ErrorCode } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { ZodError } from 'zod';

const statusByCode: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_credentials: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  file_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
};

/** An error a person may see: it carries the API's code, status and a readable message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

export const notFound = () => new AppError('not_found', messages.notFound);
export const unauthenticated = () => new AppError('unauthenticated', messages.signInRequired);

/** Turns a zod failure into a 400 whose message is the first problem, with one message per field. */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[field] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new AppError('validation_error', first, fields);
}
