import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * JSON and HTML go out as brotli or gzip to clients that accept it (brotli at quality 4: cheap
 * per request). Cached pages arrive already compressed once per cache entry, built files
 * precompressed at build (static-files.ts): both are left as they are.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, { encodings: ['br', 'gzip'] });
  },
  { name: 'compression' },
);
