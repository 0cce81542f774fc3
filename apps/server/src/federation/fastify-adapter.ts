import type { IncomingMessage } from 'node:http';
import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An activity is a few kilobytes; a much larger inbox POST is refused unread. */
const inboxBodyLimit = 1024 * 1024;

/** What answers to ActivityPub clients, whatever they accept. */
const federationPaths = [
  /^\/\.well-known\/(webfinger|nodeinfo|host-meta)$/,
  /^\/nodeinfo\/2\.1$/,
  /^\/users\/[^/]+(\/(inbox|outbox|followers|following))?$/,
  /^\/inbox$/,
  /^\/actor$/,
];
/** Page addresses that are the actor or the Note to a client asking for ActivityStreams. */
const profilePage = /^\/([A-Za-z0-9._]{1,30})\/?$/;
const postPage = /^\/p\/[A-Za-z0-9_-]{1,64}$/;

const wantsActivityStreams = (accept: string | undefined): boolean =>
  accept !== undefined && /application\/(activity\+json|ld\+json)/i.test(accept);

/**
 * Which Fedify should see, and at which path: the profile page `/alice` is the actor at
 * `/users/alice` to a client asking for ActivityStreams; anything else stays with Fastify.
 */
export function federationTarget(
  method: string,
  url: string,
  accept: string | undefined,
): string | undefined {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  const suffix = query === undefined ? '' : `?${query}`;
  if (pathname === '/.well-known/webfinger') return caseFoldedWebFinger(url);
  if (federationPaths.some((pattern) => pattern.test(pathname))) return url;
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (!wantsActivityStreams(accept)) return undefined;
  if (postPage.test(pathname)) return url;
  const username = profilePage.exec(pathname)?.[1];
  return username ? `/users/${username.toLowerCase()}${suffix}` : undefined;
}

/** WebFinger names are case-insensitive: acct:Alice@Photos.Example is alice on photos.example. */
function caseFoldedWebFinger(url: string): string {
  const parsed = new URL(url, 'http://x');
  const resource = parsed.searchParams.get('resource');
  if (resource && /^acct:/i.test(resource)) {
    parsed.searchParams.set('resource', resource.toLowerCase());
  }
  return parsed.pathname + parsed.search;
}

class BodyTooLarge extends Error {}

async function readBody(raw: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The request as Fedify reads it: the public origin's URL (we sit behind a TLS proxy) and the
 * body exactly as it came, unparsed, so its Digest and signature verify.
 */
async function toWebRequest(request: FastifyRequest, origin: URL, path: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = hasBody ? await readBody(request.raw, inboxBodyLimit) : undefined;
  return new Request(new URL(path, origin), {
    method: request.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
  });
}

export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

export interface FederationAdapterOptions {
  origin: URL;
  /** Paths answered before Fedify sees them (host-meta, the instance actor). */
  answer?: (request: Request) => Promise<Response | undefined>;
  /** Refuses a request before Fedify reads it, and hears how Fedify answered (inbox-gate.ts). */
  gate?: {
    before(request: Request, clientAddress: string): Promise<Response | undefined>;
    after(request: Request, clientAddress: string, response: Response): void;
  };
}

/**
 * Fedify on Fastify (there is no adapter on the registry): an `onRequest` hook hands Fedify its
 * paths before Fastify parses a body, and gives back what Fedify does not serve (an unknown
 * person, a browser asking a profile page for HTML) to Fastify's routes and pages.
 */
export function addFederationHook(
  app: FastifyInstance,
  federation: Federation<void>,
  options: FederationAdapterOptions,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = federationTarget(request.method, request.url, request.headers.accept);
    if (path === undefined) return;
    let webRequest: Request;
    try {
      webRequest = await toWebRequest(request, options.origin, path);
    } catch (error) {
      if (!(error instanceof BodyTooLarge)) throw error;
      return reply.code(413).send({
        error: { code: 'file_too_large', message: 'The activity is too large' },
      });
    }
    const refused = await options.gate?.before(webRequest, request.ip);
    if (refused) return sendWebResponse(reply, refused);
    const own = await options.answer?.(webRequest);
    if (own) return sendWebResponse(reply, own);
    let handedBack = false;
    const handBack = () => {
      handedBack = true;
      return new Response(null, { status: 404 });
    };
    const response = await federation.fetch(webRequest, {
      contextData: undefined,
      onNotFound: handBack,
      onNotAcceptable: handBack,
    });
    options.gate?.after(webRequest, request.ip, response);
    // A read Fedify does not serve goes on to Fastify; a POST's body is already read, so a
    // POST to no inbox is answered here.
    if (handedBack && (request.method === 'GET' || request.method === 'HEAD')) return;
    return sendWebResponse(reply, response);
  });
}
