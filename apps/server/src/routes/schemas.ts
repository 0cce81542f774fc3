import { errorBodySchema } from '@pinhole/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** The failures a route documents, all in the one error shape; any route may also answer 500. */
export function errorResponses<const Statuses extends readonly ErrorStatus[]>(
  ...statuses: Statuses
): Record<Statuses[number] | 500, typeof errorBodySchema> {
  const responses: Partial<Record<number, typeof errorBodySchema>> = {};
  for (const status of [...statuses, 500]) responses[status] = errorBodySchema;
  return responses as Record<Statuses[number] | 500, typeof errorBodySchema>;
}

/** The failures every state-changing call can meet before its handler runs. */
export const writeFailures = [403, 413, 415] as const;

/** A response without a body (204, 304, 416). */
export const noContent = z.undefined();

const jsonType = 'application/json; charset=utf-8';

/**
 * Sends a body the service has already serialized (the feed's cached pages). Fastify sends a
 * string or Buffer with a JSON content type as it is, without calling the route's serializer,
 * so the response schema documents the shape while the ready bytes skip a second serialization.
 */
export function sendSerialized(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(jsonType).send(json);
}
