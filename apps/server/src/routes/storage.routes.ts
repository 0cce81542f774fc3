import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storedFileParamsSchema } from '@pinhole/contracts';
import rangeParser from 'range-parser';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { isServedStorageKey, mediaKindOf } from '../storage/storage';
import { readViewer } from './viewer';
import { errorResponses, noContent } from './schemas';

/** The stored bytes, streamed as they are read; described as binary in the reference. */
const storedBytes = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({ type: 'string', format: 'binary' });

const fileBytes = (description: string) => ({
  description,
  content: { 'image/*': { schema: storedBytes } },
});

const signedFileQuerySchema = z.object({
  exp: z.string().max(20).optional().describe("Expiry of a private account's file URL (seconds)"),
  sig: z.string().max(100).optional().describe('Its signature'),
});

/**
 * `/storage`: serves stored images. Only keys of the exact shape we write are looked up, so dot
 * segments, encoded slashes, absolute paths and null bytes never reach the file system.
 */
export function storageRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/*',
      {
        schema: {
          summary: 'A stored image or one of its variants (immutable; ETag and Range supported)',
          tags: ['storage'],
          params: storedFileParamsSchema,
          querystring: signedFileQuerySchema,
          response: {
            200: fileBytes('The stored bytes'),
            206: fileBytes('The requested byte range'),
            304: noContent,
            416: noContent,
            ...errorResponses(404),
          },
        },
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!isServedStorageKey(key)) throw notFound();
        let cacheControl = 'public, max-age=31536000, immutable';
        if (mediaKindOf(key) === 'messages') {
          const viewer = await readViewer(context, request, reply, false);
          await context.services.storedFiles.requireMessageParticipant(key, viewer?.userId ?? null);
          // Only this browser keeps it; it asks again (a cheap 304) before showing it later.
          cacheControl = 'private, no-cache';
        } else {
          const signed = await context.services.storedFiles.accessUntil(key, request.query);
          // A signed file: only this browser, and only while the signature holds.
          if (signed !== null)
            cacheControl = `private, max-age=${Math.max(0, Math.floor((signed - Date.now()) / 1000))}`;
        }
        const info = await context.storage.head(key);
        if (!info) throw notFound();

        void reply
          .header('Content-Type', info.contentType)
          .header('Cache-Control', cacheControl)
          .header('ETag', info.etag)
          .header('Accept-Ranges', 'bytes')
          .header('X-Content-Type-Options', 'nosniff')
          // A stored file is never a document that may run script, whatever its bytes say.
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cross-Origin-Resource-Policy', 'same-site');

        const ifNoneMatch = request.headers['if-none-match'];
        if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === info.etag)) {
          return reply.code(304).send();
        }

        const rangeHeader = request.headers.range;
        if (rangeHeader) {
          const ranges = rangeParser(info.size, rangeHeader, { combine: true });
          if (ranges === -1) {
            return reply.header('Content-Range', `bytes */${info.size}`).code(416).send();
          }
          if (ranges !== -2 && ranges.length === 1 && ranges[0]) {
            const { start, end } = ranges[0];
            void reply
              .code(206)
              .header('Content-Range', `bytes ${start}-${end}/${info.size}`)
              .header('Content-Length', end - start + 1);
            return reply.send(await context.storage.read(key, { start, end }));
          }
        }
        void reply.header('Content-Length', info.size);
        return reply.send(await context.storage.read(key));
      },
    );
  };
}
