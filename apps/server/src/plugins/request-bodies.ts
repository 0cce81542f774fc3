import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * Only JSON and multipart bodies: a cross-site HTML form (text/plain, urlencoded) gets a 415.
 * A like, unlike or sign-out carries no body, but many clients (curl -H, fetch wrappers) still
 * say application/json: an empty body is read as no body instead of a 400.
 */
export const jsonBodies = fp(
  async (app) => {
    app.removeContentTypeParser('text/plain');
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') {
        done(null, undefined);
        return;
      }
      void parseJson(request, body.toString(), done);
    });
  },
  { name: 'json-bodies' },
);

/** Photo uploads and archives: read by the routes that take them (routes/read-upload.ts). */
export const multipartBodies = fp(
  async (app) => {
    await app.register(multipart);
  },
  { name: 'multipart-bodies' },
);
