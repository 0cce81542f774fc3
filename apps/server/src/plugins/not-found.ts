import fp from 'fastify-plugin';
import { notFound, sendError } from '../errors';
import { isPagePath } from '../pages/app-addresses';
import type { AppPages } from '../pages/app-page.routes';

const readMethods = new Set(['GET', 'HEAD']);

/** True when a miss is answered with the client's not-found page rather than the API's JSON 404. */
export function missIsPage(method: string, url: string): boolean {
  return readMethods.has(method) && isPagePath(url);
}

/** An address of nothing: the client's not-found page for a page path, else the API's JSON 404. */
export const notFoundAnswers = fp<{ pages: AppPages | undefined }>(
  async (app, { pages }) => {
    app.setNotFoundHandler(async (request, reply) => {
      if (pages && missIsPage(request.method, request.url)) {
        return pages.sendNotFound(request, reply);
      }
      return sendError(reply, notFound());
    });
  },
  { name: 'not-found' },
);
