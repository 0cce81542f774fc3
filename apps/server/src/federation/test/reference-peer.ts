import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createHash, webcrypto } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import {
  MemoryKvStore,
  createFederation,
  generateCryptoKeyPair,
  signRequest,
} from '@fedify/fedify';
import {
  Activity,
  CryptographicKey,
  Endpoints,
  Follow,
  Image,
  Note,
  Person,
  isActor,
} from '@fedify/vocab';
import { HostRouter } from './host-router';
import type { HostCertificate } from './tls/certificates';

export interface ReceivedActivity {
  type: string;
  json: Record<string, unknown>;
  /** The signature standard of the POST that brought it. */
  signedWith: SignatureStandard;
}

/**
 * Where the peer is reached: through the in-process host router (plain HTTP on a free port), or
 * as a real HTTPS server on `address`:443 with a certificate for its host name (the TLS rig).
 */
export type PeerNetwork = HostRouter | { address: string; certificate: HostCertificate };

export type SignatureStandard = 'draft-cavage' | 'rfc9421' | 'none';

/** A GET of one of this peer's documents, and the key that signed it (if any). */
export interface ReceivedFetch {
  path: string;
  keyId: string | null;
}

const signatureStandardOf = (headers: Headers): SignatureStandard =>
  headers.has('signature-input') ? 'rfc9421' : headers.has('signature') ? 'draft-cavage' : 'none';

/**
 * How a person of the peer answers a Follow: `accept` as Mastodon does (the Follow's own id),
 * `accept-new-id` as Pixelfed does (a Follow object with an id of its own), or `reject`.
 */
export type FollowAnswer = 'accept' | 'accept-new-id' | 'reject';

/** What the peer reports for each person's collections (`totalItems`). */
export const peerCounts = { followers: 42, following: 7, posts: 3 };

export interface SendOptions {
  /** Sign with this key instead of the actor's own (an unknown key). */
  keyId?: URL;
  privateKey?: webcrypto.CryptoKey;
  /** Change the body after signing (its Digest no longer matches). */
  tamper?: (body: string) => string;
  /** The signature standard: draft-cavage (Mastodon, Pixelfed) unless told. */
  spec?: 'draft-cavage-http-signatures-12' | 'rfc9421';
}

/**
 * Another server of the fediverse, written with Fedify, on loopback under a host name of its
 * own: its people are actors with keys; it records what its inboxes receive (verified by
 * Fedify) and sends activities in the JSON shapes Mastodon and Pixelfed send, signed as they
 * sign them (draft-cavage HTTP signatures with the actor's RSA key).
 */
export class ReferencePeer {
  readonly received: ReceivedActivity[] = [];
  /**
   * Every activity POSTed here as its bytes said (`received` holds Fedify's re-compaction of it,
   * which folds a one-item array into its item): what a Pixelfed reads.
   */
  readonly wire: Record<string, unknown>[] = [];
  readonly fetches: ReceivedFetch[] = [];
  /** The signature standard of the POST being handled (inbox listeners run inside it). */
  readonly #standard = new AsyncLocalStorage<SignatureStandard>();
  /** Errors of answers sent in the background (a test may check there were none). */
  readonly failures: unknown[] = [];
  /** Every request the peer answered (`GET /users/bob`), oldest first. */
  readonly requested: string[] = [];
  /** Every person's picture (`icon`), served at /media/avatar.jpg, when set. */
  avatar: Buffer | undefined;
  readonly origin: string;
  #server: http.Server | https.Server | undefined;
  #keys = new Map<string, webcrypto.CryptoKeyPair>();
  /** Other names of a person (`alsoKnownAs`), as an account that moved here lists its old one. */
  #aliases = new Map<string, URL[]>();
  /** People deleted here: their actor is gone (404), their key still signs (a late delivery). */
  #deleted = new Set<string>();
  readonly #followAnswers = new Map<string, FollowAnswer>();
  readonly #notes = new Map<string, { author: string; content: string }>();
  /** Paths answered as they are (photos, an outbox), before Fedify sees the request. */
  readonly #files = new Map<string, { status: number; body: Buffer; type: string }>();
  /** How many times each of those paths was asked for. */
  readonly fetched = new Map<string, number>();
  readonly #federation: Federation<void>;

  constructor(
    readonly host: string,
    private readonly network: PeerNetwork,
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
        if (!pair || this.#deleted.has(identifier)) return null;
        const id = ctx.getActorUri(identifier);
        return new Person({
          id,
          preferredUsername: identifier,
          name: `${identifier} of ${host}`,
          summary: `<p>I post on <a href="${this.origin}">${host}</a></p>`,
          url: new URL(`/@${identifier}`, this.origin),
          icon: this.avatar
            ? new Image({ url: new URL('/media/avatar.jpg', this.origin), mediaType: 'image/jpeg' })
            : null,
          inbox: ctx.getInboxUri(identifier),
          followers: ctx.getFollowersUri(identifier),
          following: ctx.getFollowingUri(identifier),
          outbox: ctx.getOutboxUri(identifier),
          endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
          aliases: this.#aliases.get(identifier) ?? [],
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
        const signedWith = this.#standard.getStore() ?? 'none';
        this.received.push({ type: String(json.type), json, signedWith });
        if (activity instanceof Follow) this.#answerLater(activity, json);
      });
    const counted = (count: number) => (_ctx: unknown, identifier: string) =>
      this.#keys.has(identifier) ? count : null;
    this.#federation
      .setFollowersDispatcher('/users/{identifier}/followers', () => ({ items: [] }))
      .setCounter(counted(peerCounts.followers));
    this.#federation
      .setFollowingDispatcher('/users/{identifier}/following', () => ({ items: [] }))
      .setCounter(counted(peerCounts.following));
    this.#federation
      .setOutboxDispatcher('/users/{identifier}/outbox', () => ({ items: [] }))
      .setCounter(counted(peerCounts.posts));
    this.#federation.setObjectDispatcher(Note, '/notes/{id}', (ctx, { id }) => {
      const note = this.#notes.get(id);
      if (!note) return null;
      return new Note({
        id: ctx.getObjectUri(Note, { id }),
        attribution: ctx.getActorUri(note.author),
        content: note.content,
      });
    });
  }

  /** `identifier` answers every Follow of them this way (no answer when never set). */
  answerFollows(identifier: string, answer: FollowAnswer): void {
    this.#followAnswers.set(identifier, answer);
  }

  /** A public post of `author` at `/notes/:id`; its URL. */
  addNote(author: string, id: string, content: string): string {
    this.#notes.set(id, { author, content });
    return `${this.origin}/notes/${id}`;
  }

  /** Accept or Reject sent back after the Follow's own request was answered, as servers do. */
  #answerLater(follow: Follow, json: Record<string, unknown>): void {
    const followee = follow.objectId?.pathname.split('/').at(-1);
    const answer = followee ? this.#followAnswers.get(followee) : undefined;
    if (!followee || !answer) return;
    setTimeout(() => {
      void (async () => {
        const ctx = this.#federation.createContext(new URL(this.origin), undefined);
        const follower = await follow.getActor(ctx);
        if (!isActor(follower) || !follower.inboxId) return;
        const object =
          answer === 'accept-new-id'
            ? { ...json, '@context': undefined, id: `${this.origin}/follow-requests/${Date.now()}` }
            : { ...json, '@context': undefined };
        await this.send(followee, follower.inboxId.href, {
          '@context': 'https://www.w3.org/ns/activitystreams',
          id: `${this.origin}/answers/${Date.now()}`,
          type: answer === 'reject' ? 'Reject' : 'Accept',
          actor: this.actorUrl(followee),
          object,
        });
      })().catch((error: unknown) => this.failures.push(error));
    }, 50);
  }

  keyId(identifier: string): URL {
    return new URL(`/users/${identifier}#main-key`, this.origin);
  }

  actorUrl(identifier: string): string {
    return `${this.origin}/users/${identifier}`;
  }

  /** The person's actor answers 404 from now on, as a deleted account's does. */
  deletePerson(identifier: string): void {
    this.#deleted.add(identifier);
  }

  async addPerson(identifier: string, options: { alsoKnownAs?: string[] } = {}): Promise<void> {
    this.#aliases.set(
      identifier,
      (options.alsoKnownAs ?? []).map((url) => new URL(url)),
    );
    this.#keys.set(
      identifier,
      (await generateCryptoKeyPair('RSASSA-PKCS1-v1_5')) as webcrypto.CryptoKeyPair,
    );
  }

  async start(): Promise<void> {
    const handler = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
      void this.#serve(incoming, outgoing);
    };
    const network = this.network;
    if (network instanceof HostRouter) {
      const server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      this.#server = server;
      const { port } = server.address() as AddressInfo;
      network.route(this.host, `http://127.0.0.1:${port}`);
      return;
    }
    const server = https.createServer(network.certificate, handler);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(443, network.address, resolve);
    });
    this.#server = server;
  }

  /** Answers GET `path` with `body` (a photo, an outbox page), or with `status` alone. */
  serveFile(path: string, body: Buffer | string, type: string, status = 200): void {
    this.#files.set(path, { status, body: Buffer.from(body), type });
  }

  async #serve(incoming: http.IncomingMessage, outgoing: http.ServerResponse): Promise<void> {
    this.requested.push(`${incoming.method} ${incoming.url}`);
    const path = new URL(incoming.url ?? '/', this.origin).pathname;
    const file = this.#files.get(path);
    if (file && incoming.method === 'GET') {
      this.fetched.set(path, (this.fetched.get(path) ?? 0) + 1);
      outgoing.writeHead(file.status, { 'content-type': file.type });
      outgoing.end(file.status === 200 ? file.body : undefined);
      return;
    }
    if (incoming.url === '/media/avatar.jpg' && this.avatar) {
      outgoing.setHeader('content-type', 'image/jpeg');
      outgoing.end(this.avatar);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    if (hasBody) {
      try {
        this.wire.push(
          JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        );
      } catch {
        // Not JSON: the inbox refuses it; nothing to keep.
      }
    }
    const request = new Request(new URL(incoming.url ?? '/', this.origin), {
      method: incoming.method,
      headers,
      body: hasBody ? new Uint8Array(Buffer.concat(chunks)) : undefined,
    });
    if (!hasBody) {
      const signature = `${headers.get('signature')} ${headers.get('signature-input')}`;
      const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
      this.fetches.push({ path: new URL(request.url).pathname, keyId: keyId ?? null });
    }
    const response = await this.#standard.run(signatureStandardOf(headers), () =>
      this.#federation.fetch(request, { contextData: undefined }),
    );
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
      { spec: options.spec ?? 'draft-cavage-http-signatures-12' },
    );
    const sentBody = options.tamper ? options.tamper(body) : body;
    return fetch(signed.url, { method: 'POST', headers: signed.headers, body: sentBody });
  }

  /** GETs `url` as ActivityPub JSON, signed by `identifier`'s key (draft-cavage) unless null. */
  async get(identifier: string | null, url: string): Promise<Response> {
    const request = new Request(url, { headers: { accept: 'application/activity+json' } });
    const pair = identifier ? this.#keys.get(identifier) : undefined;
    if (identifier && !pair) throw new Error(`no person ${identifier}`);
    const signed =
      identifier && pair
        ? await signRequest(request, pair.privateKey, this.keyId(identifier), {
            spec: 'draft-cavage-http-signatures-12',
          })
        : request;
    return fetch(signed.url, { headers: signed.headers });
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

  /** Stops answering: connections held open by the servers that deliver here are cut too. */
  async stop(): Promise<void> {
    if (this.network instanceof HostRouter) this.network.unroute(this.host);
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
