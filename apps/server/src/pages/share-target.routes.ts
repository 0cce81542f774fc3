import { shareTarget } from '@pinhole/contracts';
import type { FastifyInstance } from 'fastify';

/** Where a share that found no service worker lands: the app, which says to open it once. */
export const shareUnavailablePath = `/?${shareTarget.param}=${shareTarget.unavailable}`;

/**
 * The manifest's share target as the server sees it. The installed app's service worker answers
 * this POST itself (it keeps the photos for the create dialog); the server only sees it when no
 * worker runs yet, on the first visit or in a browser without one. It then keeps nothing: the
 * body is never read, and a 303 sends the phone to the app instead of an error page.
 */
export async function shareTargetRoutes(app: FastifyInstance): Promise<void> {
  // Whatever the body's type (a phone may share text or links the same way), it is not read.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.post(shareTarget.action, { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-store').redirect(shareUnavailablePath, 303),
  );
}
