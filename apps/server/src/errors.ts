import type { ErrorBody, ErrorCode } from '@pinhole/contracts';
import { messages } from '@pinhole/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The one map from error code to HTTP status; the reverse lookups below are derived from it. */
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
  mail_unavailable: 503,
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
export const forbidden = () => new AppError('forbidden', messages.forbidden);
export const rateLimited = (retryAfterSeconds?: number) =>
  new AppError('rate_limited', messages.rateLimited, undefined, retryAfterSeconds);

export const uploadRejected = {
  tooLarge: () =>
    new AppError('file_too_large', messages.fileTooLarge, { image: messages.fileTooLarge }),
  notAnImage: () =>
    new AppError('unsupported_media_type', messages.notAnImage, { image: messages.notAnImage }),
};

/** Sign-up or a username change hit a taken email or username (or both). */
export function conflictFor(email: boolean, username: boolean): AppError {
  const fields: Record<string, string> = {};
  if (email) fields.email = messages.emailTaken;
  if (username) fields.username = messages.usernameTaken;
  return new AppError('conflict', email ? messages.emailTaken : messages.usernameTaken, fields);
}

/** Turns a zod failure into a 400 whose message is the first problem, with one message per field. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[field] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new AppError('validation_error', first, fields);
}

/** The first code listed for a status, so 400 reads as `validation_error`, not a sign-in failure. */
function codeForStatus(status: number): ErrorCode | undefined {
  return (Object.keys(statusByCode) as ErrorCode[]).find((code) => statusByCode[code] === status);
}

/** Maps framework and plugin errors (bad JSON, too large, wrong type) to the API's error shape. */
export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('file_too_large', messages.fileTooLarge);
  if (status === 413) return new AppError('file_too_large', 'Request body is too large');
  if (status === 415) return new AppError('unsupported_media_type', 'Unsupported content type');
  if (status === 429) return rateLimited();
  if (status >= 400 && status < 500) {
    const code = codeForStatus(status) ?? 'validation_error';
    const message =
      error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : code === 'validation_error'
          ? 'Invalid request'
          : error.message;
    return new AppError(code, message);
  }
  return new AppError('internal', messages.internal);
}

export function errorBody(error: AppError): ErrorBody {
  const body: ErrorBody['error'] = { code: error.code, message: error.message };
  if (error.fields) body.fields = error.fields;
  return { error: body };
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined)
    void reply.header('Retry-After', error.retryAfterSeconds);
  return reply.code(error.status).send(errorBody(error));
}

/** A not-found handler for scopes that never answer with the client's page (the API, files). */
export function answerNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(reply, notFound());
}
