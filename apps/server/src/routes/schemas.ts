import { negotiate } from '@fastify/accept-negotiator';
import { errorBodySchema } from '@pinhole/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EncodedBody } from '../cache/encoded-body';
import { z } from 'zod';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507;

/**
 * The failures a route documents, all in the one error shape. Any route may also answer 500, and
 * 503 when the database or storage does not answer in time (docs/operations.md).
 */
export function errorResponses<const Statuses extends readonly ErrorStatus[]>(
  ...statuses: Statuses
): Record<Statuses[number] | 500 | 503, typeof errorBodySchema> {
  const responses: Partial<Record<number, typeof errorBodySchema>> = {};
  for (const status of [...statuses, 500, 503]) responses[status] = errorBodySchema;
  return responses as Record<Statuses[number] | 500 | 503, typeof errorBodySchema>;
}

/** The failures every state-changing call can meet: refused before its handler, or a full disk. */
export const writeFailures = [403, 413, 415, 507] as const;

/** A response without a body (204, 304, 416). */
export const noContent = z.undefined();

const jsonType = 'application/json; charset=utf-8';

const encodings = ['br', 'gzip'];

/**
 * Sends a cached body (a page of posts) in the best encoding the client accepts, compressed once
 * per cached page rather than once per request (the compression plugin skips a body that already
 * has a Content-Encoding).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  type: string = jsonType,
): FastifyReply {
  // Keeps what the route already varies on (the pages vary on the cookie too).
  const vary = reply.getHeader('vary');
  void reply
    .type(type)
    .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, encodings) : null;
  if (encoding === 'br' || encoding === 'gzip') {
    return reply.header('Content-Encoding', encoding).send(body.get(encoding));
  }
  return reply.send(body.raw);
}
