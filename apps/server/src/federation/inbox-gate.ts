import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isActorGone } from '../repositories/domain-blocks.repository';
import { isSuspendedHost } from './domain-blocks';

export interface WindowRule {
  max: number;
  windowMs: number;
}

const maxTrackedKeys = 10_000;

/**
 * Counts per key in fixed windows, in this process's memory (per instance when several run, as
 * the API's other limits). Bounded: past `maxTrackedKeys`, the oldest keys are forgotten.
 */
export class WindowCounter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: WindowRule,
    private readonly now: () => number = Date.now,
  ) {}

  #current(key: string) {
    const now = this.now();
    const window = this.#windows.get(key);
    if (window && now - window.start < this.rule.windowMs) return window;
    this.#windows.delete(key);
    return undefined;
  }

  /** Seconds until another may go, or 0 when it may go now. */
  retryAfterSeconds(key: string): number {
    const window = this.#current(key);
    if (!window || window.count < this.rule.max) return 0;
    return Math.max(1, Math.ceil((window.start + this.rule.windowMs - this.now()) / 1000));
  }

  count(key: string): void {
    const window = this.#current(key);
    if (window) {
      window.count += 1;
      return;
    }
    this.#windows.set(key, { start: this.now(), count: 1 });
    while (this.#windows.size > maxTrackedKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest === undefined) break;
      this.#windows.delete(oldest);
    }
  }
}

/** The key named by a request's signature (draft-cavage `keyId`, RFC 9421 `keyid`), unverified. */
export function signingKeyOf(request: Request): URL | undefined {
  const header = request.headers.get('signature') ?? '';
  const cavage = /keyId="([^"]+)"/i.exec(header)?.[1];
  const rfc9421 = /keyid="([^"]+)"/i.exec(request.headers.get('signature-input') ?? '')?.[1];
  try {
    return new URL(cavage ?? rfc9421 ?? '');
  } catch {
    return undefined;
  }
}

/** The `actor` an activity names (a URL or an object with an `id`), unverified. */
function claimedActor(body: string): string | undefined {
  try {
    const actor = (JSON.parse(body) as { actor?: unknown }).actor;
    const id = typeof actor === 'object' && actor !== null ? (actor as { id?: unknown }).id : actor;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

const hostOf = (url: string | undefined) => {
  try {
    return url === undefined ? undefined : new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
};

const isInboxPost = (request: Request) =>
  request.method === 'POST' && /^\/(users\/[^/]+\/)?inbox$/.test(new URL(request.url).pathname);

function refusal(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export interface InboxGateOptions {
  /** Per remote server: activities whose signature verified, counted by the key's host. */
  perServer: WindowRule;
  /** Per client address: inbox posts whose signature did not verify. */
  unverifiedPerAddress: WindowRule;
  /** Off when the configuration turns rate limits off. */
  rateLimited: boolean;
  now?: () => number;
}

/**
 * What is refused before Fedify reads a request, storing nothing: anything signed by a key of a
 * suspended server (or naming an actor of one), an activity of an actor whose server said it was
 * deleted, and a server over its share of the inbox. The share counts only activities whose
 * signature verified (Fedify answered 2xx), so nobody can spend another server's share by
 * writing its key id into unsigned requests; those count against the sender's address instead.
 */
export class InboxGate {
  readonly #perServer: WindowCounter;
  readonly #perAddress: WindowCounter;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: InboxGateOptions,
  ) {
    this.#perServer = new WindowCounter(options.perServer, options.now);
    this.#perAddress = new WindowCounter(options.unverifiedPerAddress, options.now);
  }

  async before(request: Request, clientAddress: string): Promise<Response | undefined> {
    const keyHost = signingKeyOf(request)?.host.toLowerCase();
    if (keyHost !== undefined && (await isSuspendedHost(this.db, keyHost))) {
      return refusal(403, 'forbidden', 'This server is suspended here');
    }
    if (!isInboxPost(request)) return undefined;
    const actor = claimedActor(await request.clone().text());
    const actorHost = hostOf(actor);
    if (actorHost !== undefined && (await isSuspendedHost(this.db, actorHost))) {
      return refusal(403, 'forbidden', 'This server is suspended here');
    }
    if (actor !== undefined && (await isActorGone(this.db, actor))) {
      return refusal(410, 'not_found', 'This actor was deleted');
    }
    if (!this.options.rateLimited) return undefined;
    const wait = Math.max(
      keyHost === undefined ? 0 : this.#perServer.retryAfterSeconds(keyHost),
      this.#perAddress.retryAfterSeconds(clientAddress),
    );
    if (wait > 0) {
      return refusal(429, 'rate_limited', 'Too many activities; try again later', {
        'retry-after': String(wait),
      });
    }
    return undefined;
  }

  /** Counts an inbox post once Fedify has answered it. */
  after(request: Request, clientAddress: string, response: Response): void {
    if (!this.options.rateLimited || !isInboxPost(request)) return;
    const keyHost = signingKeyOf(request)?.host.toLowerCase();
    if (response.ok && keyHost !== undefined) this.#perServer.count(keyHost);
    else this.#perAddress.count(clientAddress);
  }
}
