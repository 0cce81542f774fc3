import { messages, shareTarget } from '@pinhole/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../env';
import { AppError, forbidden } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A misconfigured PUBLIC_URL is said once per origin that tripped on it; a page that keeps
 * retrying, or someone sending made-up origins, must not fill the log. Past this many origins
 * nothing more is said: the first lines already named the problem.
 */
const maxWarnedOrigins = 20;

/** `scheme://host[:port]` as a browser writes it in `Origin`, or undefined for a malformed one. */
function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin the request came to: its Host with the scheme it arrived with. Behind a proxy
 * with TRUST_PROXY=true, Fastify reads both from X-Forwarded-Host/-Proto; otherwise those
 * headers are ignored, so a client cannot claim an origin with them.
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  if (!request.host) return undefined;
  return originOf(`${request.protocol}://${request.host}`);
}

/**
 * Browsers send Origin and Sec-Fetch-Site: a state change that comes from another site is refused
 * (the CSRF defence, with SameSite=Lax cookies). With PUBLIC_URL set, only its origin may change
 * state; unset, it is the origin the request came to, so opening the server at 127.0.0.1 or its LAN
 * address works as well as at localhost.
 */
export function originCheck(
  config: Pick<Config, 'publicUrl' | 'publicUrlIsSet'>,
  log: FastifyBaseLogger,
): (request: FastifyRequest) => Promise<void> {
  const publicOrigin = config.publicUrl.origin;
  const warned = new Set<string>();
  return async (request) => {
    if (safeMethods.has(request.method)) return;
    // A phone's share sheet posts from no page of ours, and the answer changes nothing.
    if (request.routeOptions.url === shareTarget.action) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const allowed = config.publicUrlIsSet ? publicOrigin : requestOrigin(request);
      if (allowed === undefined || originOf(origin) !== allowed) {
        if (!config.publicUrlIsSet) throw forbidden();
        // An origin is at most a scheme, a host and a port; anything longer is cut short.
        const shown = origin.slice(0, 200);
        if (!warned.has(shown) && warned.size < maxWarnedOrigins) {
          warned.add(shown);
          log.warn(
            { origin: shown, publicUrl: publicOrigin },
            `refused a state change from ${shown}: PUBLIC_URL is ${publicOrigin}; ` +
              'set PUBLIC_URL to the address people open, or unset it to allow the address each request came to',
          );
        }
        throw new AppError(
          'forbidden',
          `${messages.forbidden}: it came from ${shown}, but PUBLIC_URL is ${publicOrigin}`,
        );
      }
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden();
  };
}

/** The check above on every request: a state change from another site is refused. */
export const originChecking = fp<{ config: Pick<Config, 'publicUrl' | 'publicUrlIsSet'> }>(
  async (app, { config }) => {
    app.addHook('onRequest', originCheck(config, app.log));
  },
  { name: 'origin-check' },
);
