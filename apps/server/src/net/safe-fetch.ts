import dns from 'node:dns/promises';
import net from 'node:net';
import { isPrivateAddress } from '../private-addresses';

export { isPrivateAddress };

/** Why a remote fetch was not made or not finished; the caller treats it as "not found there". */
export class RemoteFetchError extends Error {
  override name = 'RemoteFetchError';
  /** True when asking again cannot help (a refused address, too large); false for a failed exchange. */
  readonly permanent: boolean;

  constructor(message: string, options: { cause?: unknown; permanent?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.permanent = options.permanent ?? true;
  }
}

export type Resolver = (hostname: string) => Promise<string[]>;

export interface SafeFetchOptions {
  /** Tests only: loopback and private peers (and plain http) are allowed. */
  allowPrivateAddresses: boolean;
  /** The addresses a name has; the system resolver unless a test gives another. */
  resolve?: Resolver;
  /** The fetch made once a URL passed; a unit test gives one that answers without a network. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const systemResolver: Resolver = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export const remoteFetchDefaults = { timeoutMs: 5000, maxBytes: 1_000_000, maxRedirects: 3 };

/** Refuses a URL the server must not fetch: not https, or a name of a private address. */
async function checkUrl(url: URL, options: SafeFetchOptions): Promise<void> {
  if (options.allowPrivateAddresses) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new RemoteFetchError(`not http(s): ${url.protocol}`);
    }
    return;
  }
  if (url.protocol !== 'https:') throw new RemoteFetchError(`not https: ${url.href}`);
  if (url.username || url.password) throw new RemoteFetchError('credentials in a remote URL');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new RemoteFetchError(`private address: ${host}`);
  }
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await (options.resolve ?? systemResolver)(host);
  } catch (error) {
    throw new RemoteFetchError(`cannot resolve ${host}`, { cause: error });
  }
  // Every address the name has must be public: a client may connect to any of them.
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) {
    throw new RemoteFetchError(`private address: ${host}`);
  }
}

/** The body, read until `maxBytes` (a larger one is refused, not cut). */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw new RemoteFetchError(`too large: ${declared} bytes`);
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new RemoteFetchError(`too large: over ${maxBytes} bytes`);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

export interface RemoteAnswer {
  url: URL;
  status: number;
  headers: Headers;
  body: Uint8Array;
}

/**
 * A GET of a URL someone else chose (a handle typed in search, an actor or object id in a
 * document): https only, to public addresses only — checked after DNS, again on every redirect
 * (followed here, not by fetch) — within a time and a size limit for the whole exchange.
 */
export async function safeFetch(
  target: string | URL,
  init: { headers?: Record<string, string> },
  options: SafeFetchOptions,
): Promise<RemoteAnswer> {
  const timeoutMs = options.timeoutMs ?? remoteFetchDefaults.timeoutMs;
  const maxBytes = options.maxBytes ?? remoteFetchDefaults.maxBytes;
  const maxRedirects = options.maxRedirects ?? remoteFetchDefaults.maxRedirects;
  const doFetch = options.fetch ?? globalThis.fetch;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(target);
  } catch (error) {
    throw new RemoteFetchError('not a URL', { cause: error });
  }
  for (let redirects = 0; ; redirects++) {
    await checkUrl(url, options);
    let response: Response;
    try {
      response = await doFetch(url, { headers: init.headers, redirect: 'manual', signal });
    } catch (error) {
      throw new RemoteFetchError(`fetch of ${url.href} failed`, { cause: error, permanent: false });
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects >= maxRedirects) throw new RemoteFetchError('too many redirects');
      url = new URL(location, url);
      continue;
    }
    try {
      const body = await readLimited(response, maxBytes);
      return { url, status: response.status, headers: response.headers, body };
    } catch (error) {
      if (error instanceof RemoteFetchError) throw error;
      throw new RemoteFetchError(`reading ${url.href} failed`, { cause: error, permanent: false });
    }
  }
}
