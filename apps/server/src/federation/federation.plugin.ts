import type { Federation } from '@fedify/fedify';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { instanceActorOf, instanceActorPath } from './actor';
import { addFederationHook } from './fastify-adapter';
import { InboxGate } from './inbox-gate';
import { rateLimits } from '../rate-limits';
import { fetchingNoteExtras } from './note-json';
import { instanceKeyOwner, keyPairsOf } from './keys';

const activityJson = 'application/activity+json';
const remoteMediaExpiryIntervalMs = 60 * 60_000;

function json(body: unknown, contentType: string): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': contentType, vary: 'Accept' },
  });
}

/**
 * What Fedify has no handler for: `host-meta` (older software finds WebFinger through it), the
 * instance actor at `/actor`, and the WebFinger name `<host>@<host>` that resolves to it.
 */
function instanceAnswers(context: AppContext, federation: Federation<void>) {
  const origin = context.config.publicUrl;
  const host = origin.host.toLowerCase();
  const actorUrl = new URL(instanceActorPath, origin).href;
  return async (request: Request): Promise<Response | undefined> => {
    const url = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (url.pathname === '/.well-known/host-meta') {
      const template = `${origin.origin}/.well-known/webfinger?resource={uri}`;
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">\n' +
        `  <Link rel="lrdd" template="${template}"/>\n</XRD>\n`;
      return new Response(xml, { headers: { 'content-type': 'application/xrd+xml' } });
    }
    if (url.pathname === '/.well-known/webfinger') {
      const resource = url.searchParams.get('resource')?.toLowerCase();
      if (resource !== `acct:${host}@${host}` && resource !== actorUrl) return undefined;
      return json(
        {
          subject: `acct:${host}@${host}`,
          aliases: [actorUrl],
          links: [{ rel: 'self', type: activityJson, href: actorUrl }],
        },
        'application/jrd+json',
      );
    }
    if (url.pathname === instanceActorPath) {
      const ctx = federation.createContext(origin, undefined);
      const keys = await keyPairsOf(context.database.db, context.clock, instanceKeyOwner);
      const { name } = await context.services.instance.get();
      const actor = instanceActorOf(ctx, name, keys);
      return json(await actor.toJsonLd({ contextLoader: ctx.contextLoader }), activityJson);
    }
    return undefined;
  };
}

/** How long a shutdown waits for deliveries under way before freeing their messages. */
const queueCloseGraceMs = 3000;

/**
 * ActivityPub for this instance: Fedify's federation (built with the context,
 * federation-door.ts) behind our adapter, its queue worked from the server's start to its close.
 * Does nothing when federation is off.
 */
export function registerFederation(app: FastifyInstance, context: AppContext): void {
  const door = context.federation;
  if (!door) return;
  const { fedify: federation, queue } = door;
  addFederationHook(app, fetchingNoteExtras(federation, context.services.federatedReads), {
    origin: context.config.publicUrl,
    answer: instanceAnswers(context, federation),
    gate: new InboxGate(context.database.db, {
      perServer: rateLimits.federationInboxPerServer,
      unverifiedPerAddress: rateLimits.federationUnverifiedPerAddress,
      rateLimited: context.config.rateLimits,
    }),
  });
  const stopQueue = new AbortController();
  const { remoteMedia, remoteBackfill } = context.services;
  remoteBackfill.reportErrorsTo((error) =>
    app.log.warn({ err: error }, 'reading a remote outbox failed'),
  );
  remoteMedia.reportErrorsTo((error) => app.log.warn({ err: error }, 'copying remote photos'));
  // Copies past their retention go within the hour; the sweep (npm run sweep) removes them too.
  const expiryTimer = setInterval(() => {
    remoteMedia
      .removeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'removing remote copies failed'));
  }, remoteMediaExpiryIntervalMs);
  expiryTimer.unref();
  app.addHook('onReady', () => {
    void federation
      .startQueue(undefined, { signal: stopQueue.signal })
      .catch((error: unknown) => app.log.error({ err: error }, 'federation queue stopped'));
    remoteMedia.start();
  });
  app.addHook('onClose', async () => {
    stopQueue.abort();
    // A delivery cut off by the exit would keep its message held for the claim's five minutes.
    await queue.close(queueCloseGraceMs);
    clearInterval(expiryTimer);
    await remoteMedia.close();
  });
}
