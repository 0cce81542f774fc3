import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { answerNotFound } from '../errors';

/** The built web client's files, when there is a build in `webDist` (an API-only server has none). */
export const staticFiles = fp<{ webDist: string | undefined }>(
  async (app, { webDist }) => {
    if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Our own Cache-Control below; send's default (max-age=0) would replace it.
        cacheControl: false,
        setHeaders: (res, filePath) => {
          // Any built file may go out as its .br or .gz copy, chosen by Accept-Encoding: a shared
          // cache (CDN, proxy) must key on it, or hand brotli to a client that cannot read it.
          // @fastify/compress says so for what it compresses, but leaves precompressed files alone.
          res.setHeader('Vary', 'accept-encoding');
          // Vite fingerprints everything under assets/, so those never change.
          res.setHeader(
            'Cache-Control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }

    // A missing fingerprinted asset is a 404, not the page: a stale tab must not parse HTML as JS.
    await app.register(async (assets) => assets.setNotFoundHandler(answerNotFound), {
      prefix: '/assets',
    });
  },
  { name: 'static-files' },
);
