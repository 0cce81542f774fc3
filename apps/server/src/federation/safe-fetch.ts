import { refusedEndpoint } from '../push/push-endpoint';

/** A remote fetch refused or failed: the caller retries later or gives up. */
export class RemoteFetchError extends Error {
  constructor(
    message: string,
    /** True when trying again cannot help (refused address, too large, not found). */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

export interface SafeFetchOptions {
  /** Tests only: loopback and private addresses are allowed. */
  allowPrivate: boolean;
  maxBytes: number;
  timeoutMs: number;
  accept?: string;
  maxRedirects?: number;
}

/**
 * A GET of a URL someone else chose (a remote photo), refused unless it is https and resolves to
 * public addresses only, checked again on every redirect; the body is read up to `maxBytes`
 * within `timeoutMs`. Nothing from this machine's networks can be reached through it.
 */
export async function safeFetch(
  url: string,
  options: SafeFetchOptions,
): Promise<{ body: Buffer; contentType: string | null; url: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    if (!current.startsWith('https://')) throw new RemoteFetchError('not https', true);
    const refusal = await refusedEndpoint(current, options.allowPrivate);
    if (refusal) throw new RemoteFetchError(refusal, true);
    let response: Response;
    try {
      response = await fetch(current, {
        redirect: 'manual',
        signal,
        headers: { accept: options.accept ?? '*/*' },
      });
    } catch (error) {
      throw new RemoteFetchError(`fetch failed: ${String(error)}`, false);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).href;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      const permanent = response.status === 404 || response.status === 410;
      throw new RemoteFetchError(`answered ${response.status}`, permanent);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxBytes) {
      await response.body?.cancel();
      throw new RemoteFetchError('too large', true);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body ?? []) {
        size += (chunk as Uint8Array).byteLength;
        if (size > options.maxBytes) throw new RemoteFetchError('too large', true);
        chunks.push(Buffer.from(chunk as Uint8Array));
      }
    } catch (error) {
      if (error instanceof RemoteFetchError) throw error;
      throw new RemoteFetchError(`read failed: ${String(error)}`, false);
    }
    return {
      body: Buffer.concat(chunks),
      contentType: response.headers.get('content-type'),
      url: current,
    };
  }
  throw new RemoteFetchError('too many redirects', true);
}
