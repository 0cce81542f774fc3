import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors';
import type { Viewer } from '../services/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session; null when signed out. */
    viewer: Viewer | null;
  }
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthenticated();
  return request.viewer;
}
