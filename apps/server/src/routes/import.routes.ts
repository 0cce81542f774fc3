import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importFormSchema,
  importIdParamsSchema,
  importStartedSchema,
  importStatusSchema,
  messages,
} from '@pinhole/contracts';
import type { AppContext } from '../app-context';
import { AppError } from '../errors';
import { multipartOverheadBytes } from './read-upload';
import { errorResponses, writeFailures } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** A few imports an hour per account: each may be 2 GB of upload and minutes of image work. */
const importRateLimit = { max: 6, timeWindow: 60 * 60 * 1000 };

const archiveTooLarge = (maxBytes: number) => {
  const gb = maxBytes / 1024 ** 3;
  const size =
    gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.max(1, Math.round(maxBytes / 1024 ** 2))} MB`;
  const message = `The archive must be smaller than ${size}`;
  return new AppError('file_too_large', message, { archive: message });
};

const archiveMissing = () =>
  new AppError('validation_error', messages.archiveMissing, { archive: messages.archiveMissing });

/**
 * Streams the form's `archive` file to `file`, refusing it with 413 once it passes `maxBytes`.
 * False when the form holds no archive.
 */
async function receiveArchive(
  request: FastifyRequest,
  file: string,
  maxBytes: number,
): Promise<boolean> {
  if (!request.isMultipart()) throw archiveMissing();
  let received = false;
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'archive' || received) {
      part.file.resume();
      continue;
    }
    try {
      await pipeline(part.file, createWriteStream(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw archiveTooLarge(maxBytes);
      if (code === 'ENOSPC') {
        throw new AppError('insufficient_storage', messages.storageFull);
      }
      throw error;
    }
    if (part.file.truncated) throw archiveTooLarge(maxBytes);
    received = true;
  }
  return received;
}

/** `POST /api/me/import` and `GET /api/me/import/:id`. */
export function importRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { imports } = context.services;
    const maxBytes = context.config.importMaxBytes;
    // Shutdown: the running job stops after its current post and records why.
    app.addHook('onClose', async () => imports.stop());

    app.post(
      '',
      {
        config: {
          rateLimit: { ...importRateLimit, keyGenerator: (r) => r.viewer?.userId ?? r.ip },
        },
        onRequest: async (request) => {
          requireViewer(request);
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > maxBytes + multipartOverheadBytes) throw archiveTooLarge(maxBytes);
        },
        schema: {
          summary: 'Import your posts from an Instagram archive or a Pinhole export',
          description:
            'The zip is streamed to disk (up to 2 GB) and imported in the background; follow it ' +
            'with `GET /api/me/import/{id}`. Each post keeps its photos and videos in order, ' +
            'its caption and its original date; posts the account already has from the same ' +
            'archive are skipped. Videos take the upload’s path and limits (MP4, MOV, WebM; ' +
            'VIDEO_MAX_SECONDS, VIDEO_MAX_MB) and are transcoded by its queue: the post reaches ' +
            'others once they are ready. A server without ffmpeg lists them as not imported ' +
            '(`Videos are not imported: this server has no ffmpeg`) and imports the photos ' +
            'beside them. One import at a time per account: 409 while one runs.',
          tags: ['profiles'],
          body: { content: { 'multipart/form-data': { schema: importFormSchema } } },
          response: {
            202: importStartedSchema,
            ...errorResponses(400, 401, 409, 413, 429, 503, ...writeFailures),
          },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        // Before the upload, not after: nobody should send 2 GB to hear that one is running.
        await imports.assertNoneRunning(viewer.userId);
        const file = await imports.newArchiveFile();
        try {
          if (!(await receiveArchive(request, file, maxBytes))) throw archiveMissing();
        } catch (error) {
          await imports.discard(file);
          throw error;
        }
        return reply.code(202).send(await imports.start(viewer.userId, file));
      },
    );

    app.get(
      '/:id',
      {
        onRequest: requireSignedIn,
        schema: {
          summary: "An import's progress and result",
          description:
            'Every archive item that was not imported is listed in `failures` with the reason. ' +
            "Someone else's import is 404.",
          tags: ['profiles'],
          params: importIdParamsSchema,
          response: { 200: importStatusSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request, reply) => {
        const status = await imports.status(requireViewer(request).userId, request.params.id);
        return reply.header('cache-control', 'no-store').send(status);
      },
    );
  };
}
