import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env';

/** Fields of the request line (app.ts) that pretty output folds into its message. */
const requestFields = ['reqId', 'method', 'url', 'route', 'status', 'ms'];

/**
 * The logger `npm start` runs with. `json` (the default): pino's one object per line on stdout,
 * for journald, Docker or a log shipper. `pretty`: pino-pretty in pino's worker thread, one
 * readable line per entry, a request as `request GET /api/posts 200 1.2 ms (req-1)`.
 *
 * `destination` is where pretty lines go (stdout by default; a file in tests).
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination: number | string = 1,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: {
        destination,
        // The worker cannot tell whether stdout is a terminal; this thread can.
        colorize: destination === 1 && process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss.l',
        singleLine: true,
        messageFormat:
          '{msg}{if status} {method} {url} {status} {ms} ms{end}{if reqId} ({reqId}){end}',
        // Shown in the message above (the banner's `serving` repeats its own message).
        ignore: ['pid', 'hostname', 'serving', ...requestFields].join(','),
      },
    },
  };
}
