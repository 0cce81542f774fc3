import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, webcrypto } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import {
  MemoryKvStore,
  createFederation,
  generateCryptoKeyPair,
  signRequest,
} from '@fedify/fedify';
import { Activity, CryptographicKey, Endpoints, Person } from '@fedify/vocab';
import type { HostRouter } from './host-router';

export interface ReceivedActivity {
  type: string;
  json: Record<string, unknown>;
}

export interface SendOptions {
  /** Sign with this key instead of the actor's own (an unknown key). */
  keyId?: URL;
  privateKey?: webcrypto.CryptoKey;
  /** Change the body after signing (its Digest no longer matches). */
  tamper?: (body: string) => string;
}

/**
 * Another server of the fediverse, written with Fedify, on loopback under a host name of its
 * own: its people are actors with keys; it records what its inboxes receive (verified by
 * Fedify) and sends activities in the JSON shapes Mastodon and Pixelfed send, signed as they
 * sign them (draft-cavage HTTP signatures with the actor's RSA key).
 */
export class ReferencePeer {
  readonly received: ReceivedActivity[] = [];
  readonly origin: string;
  #server: http.Server | undefined;
  #keys = new Map<string, webcrypto.CryptoKeyPair>();
  /** Paths answered as they are (photos, an outbox), before Fedify sees the request. */
  readonly #files = new Map<string, { status: number; body: Buffer; type: string }>();
  /** How many times each of those paths was asked for. */
  readonly fetched = new Map<string, number>();
  readonly #federation: Federation<void>;

  constructor(
    readonly host: string,
    private readonly router: HostRouter,
  ) {
    this.origin = `https://${host}`;
    this.#federation = createFederation<void>({
      kv: new MemoryKvStore(),
      origin: this.origin,
      allowPrivateAddress: true,
    });
    this.#federation
      .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
        const pair = this.#keys.get(identifier);
        if (!pair) return null;
        const id = ctx.getActorUri(identifier);
        return new Person({
          id,
          preferredUsername: identifier,
          name: `${identifier} of ${host}`,
          summary: `<p>I post on <a href="${this.origin}">${host}</a></p>`,
          url: new URL(`/@${identifier}`, this.origin),
          inbox: ctx.getInboxUri(identifier),
          outbox: new URL(`/users/${identifier}/outbox`, this.origin),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          publicKey: new CryptographicKey({
            id: this.keyId(identifier),
            owner: id,
            publicKey: pair.publicKey,
          }),
        });
      })
      .setKeyPairsDispatcher((_ctx, identifier) => {
        const pair = this.#keys.get(identifier);
        return pair ? [pair] : [];
      });
    this.#federation
      .setInboxListeners('/users/{identifier}/inbox', '/inbox')
      .on(Activity, async (_ctx, activity) => {
        const json = (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
        this.received.push({ type: String(json.type), json });
      });
  }

  keyId(identifier: string): URL {
    return new URL(`/users/${identifier}#main-key`, this.origin);
  }

  actorUrl(identifier: string): string {
    return `${this.origin}/users/${identifier}`;
  }

  async addPerson(identifier: string): Promise<void> {
    this.#keys.set(
      identifier,
      (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')) as webcrypto.CryptoKeyPair,
    );
  }

  async start(): Promise<void> {
    const server = http.createServer((incoming, outgoing) => {
      void this.#serve(incoming, outgoing);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.#server = server;
    const { port } = server.address() as AddressInfo;
    this.router.route(this.host, `http://127.0.0.1:${port}`);
  }

  /** Answers GET `path` with `body` (a photo, an outbox page), or with `status` alone. */
  serveFile(path: string, body: Buffer | string, type: string, status = 200): void {
    this.#files.set(path, { status, body: Buffer.from(body), type });
  }

  async #serve(incoming: http.IncomingMessage, outgoing: http.ServerResponse): Promise<void> {
    const path = new URL(incoming.url ?? '/', this.origin).pathname;
    const file = this.#files.get(path);
    if (file && incoming.method === 'GET') {
      this.fetched.set(path, (this.fetched.get(path) ?? 0) + 1);
      outgoing.writeHead(file.status, { 'content-type': file.type });
      outgoing.end(file.status === 200 ? file.body : undefined);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(new URL(incoming.url ?? '/', this.origin), {
      method: incoming.method,
      headers,
      body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
    });
    const response = await this.#federation.fetch(request, { contextData: undefined });
    outgoing.statusCode = response.status;
    response.headers.forEach((value, name) => outgoing.setHeader(name, value));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  }

  /** Posts `activity` (plain JSON, as Mastodon or Pixelfed writes it) to `inbox`, signed. */
  async send(
    identifier: string,
    inbox: string,
    activity: Record<string, unknown>,
    options: SendOptions = {},
  ): Promise<Response> {
    const pair = this.#keys.get(identifier);
    if (!pair) throw new Error(`no person ${identifier}`);
    const body = JSON.stringify(activity);
    const unsigned = new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
      body,
    });
    const signed = await signRequest(
      unsigned,
      options.privateKey ?? pair.privateKey,
      options.keyId ?? this.keyId(identifier),
      { spec: 'draft-cavage-http-signatures-12' },
    );
    const sentBody = options.tamper ? options.tamper(body) : body;
    return fetch(signed.url, { method: 'POST', headers: signed.headers, body: sentBody });
  }

  /**
   * Posts `activity` signed by hand (draft-cavage, as Mastodon signs) with the `Date` given: a
   * date far off is a stale signature, otherwise valid.
   */
  async sendDated(
    identifier: string,
    inbox: string,
    activity: Record<string, unknown>,
    date: Date,
  ): Promise<Response> {
    const pair = this.#keys.get(identifier);
    if (!pair) throw new Error(`no person ${identifier}`);
    const body = JSON.stringify(activity);
    const url = new URL(inbox);
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
    const headers = {
      host: url.host,
      date: date.toUTCString(),
      digest,
      'content-type': 'application/activity+json',
    };
    const signed = [
      `(request-target): post ${url.pathname}`,
      `host: ${headers.host}`,
      `date: ${headers.date}`,
      `digest: ${digest}`,
    ].join('\n');
    const signature = Buffer.from(
      await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', pair.privateKey, Buffer.from(signed)),
    ).toString('base64');
    return fetch(inbox, {
      method: 'POST',
      headers: {
        ...headers,
        signature:
          `keyId="${this.keyId(identifier).href}",algorithm="rsa-sha256",` +
          `headers="(request-target) host date digest",signature="${signature}"`,
      },
      body,
    });
  }

  /** The received activities of a type (`Accept`, `Create`, …), oldest first. */
  ofType(type: string): ReceivedActivity[] {
    return this.received.filter((activity) => activity.type === type);
  }

  async stop(): Promise<void> {
    this.router.unroute(this.host);
    const server = this.#server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
