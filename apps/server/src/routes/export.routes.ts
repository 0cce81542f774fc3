import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { errorResponses } from './schemas';
import { requireSignedIn, requireViewer } from './viewer';

/** A few exports an hour per account: each reads every photo of the account from the store. */
const exportRateLimit = { max: 5, timeWindow: 60 * 60 * 1000 };

// Sent as a stream: the schema names the type for the reference and lets a stream through.
const zipBytes = z.custom<Readable>((value) => value instanceof Readable).describe('A zip archive');

/** `GET /api/me/export`: "Download your data". */
export function exportRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '',
      {
        config: {
          rateLimit: { ...exportRateLimit, keyGenerator: (r) => r.viewer?.userId ?? r.ip },
        },
        onRequest: requireSignedIn,
        schema: {
          summary:
            'Download your data: a zip of your profile, posts, comments, likes, follows, saves and photos',
          description:
            'Streamed: `profile.json`, `posts.json` (each post with its photos and videos in ' +
            'order, their `type`, `media/…` paths and alt texts), `comments.json`, `likes.json`, ' +
            '`followers.json`, `following.json`, `saved.json`, `blocked.json`, `messages.json`, ' +
            '`stories.json`, and `media/` with the originals of your photos and the MP4 of ' +
            'every video: a post’s in its place, a video story’s at `media/stories/{id}.mp4` ' +
            'and a message’s at `media/messages/{id}-{n}.mp4`, each beside its poster (their ' +
            '`video.path` in `stories.json` and `messages.json`).',
          tags: ['profiles'],
          response: {
            200: { description: 'The zip', content: { 'application/zip': { schema: zipBytes } } },
            ...errorResponses(401, 429),
          },
        },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const { username, stream } = await context.services.export.zipOf(viewer.userId);
        const day = new Date().toISOString().slice(0, 10);
        stream.on('error', (error) => {
          // A photo the store could not give: the download is cut, the client sees it fail.
          request.log.warn({ err: error }, 'export stopped');
        });
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="pinhole-${username}-${day}.zip"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );
  };
}
