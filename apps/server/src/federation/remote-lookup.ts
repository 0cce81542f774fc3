import type { DocumentLoader } from '@fedify/vocab';
import { Object as APObject, isActor } from '@fedify/vocab';
import type { Actor } from '@fedify/vocab';
import { limits } from '@pinhole/contracts';
import type { Infrastructure } from '../context';
import { AppError } from '../errors';
import type { RemoteCounts } from '../services/remote-people.service';
import type { RemoteOutcome } from '../services/search.service';
import type { Services } from '../services/services';
import { DatabaseKvStore } from './kv-store';
import { rememberActor } from './remote-actors';
import type { SafeFetchOptions } from '../net/safe-fetch';
import { RemoteFetchError, safeFetch } from '../net/safe-fetch';

type Deps = Pick<Infrastructure, 'config' | 'database' | 'clock'> & {
  services: Pick<Services, 'remotePeople'>;
};

/** A remote person asked about again after a day: names, bios and counts change slowly. */
export const remoteRefreshMs = 24 * 60 * 60 * 1000;

const activityAccept =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

export type RemoteQuery =
  { kind: 'handle'; handle: string; host: string } | { kind: 'url'; url: URL };

/** When we last asked a remote person's server, and the picture of theirs we stored then. */
interface LookedUp {
  at: string;
  icon: string | null;
}

const handlePattern = /^@?([\p{L}\p{N}_.-]+)@((?:[a-z0-9-]+\.)+[a-z0-9-]+(?::\d{1,5})?)$/iu;

/**
 * What in a search box names someone elsewhere: `@user@host`, `user@host`, or an https URL of a
 * profile or post. Anything else is a local search only.
 */
export function parseRemoteQuery(query: string, ownHost: string): RemoteQuery | undefined {
  const text = query.trim();
  if (text.startsWith('https://')) {
    try {
      const url = new URL(text);
      return url.host.toLowerCase() === ownHost ? undefined : { kind: 'url', url };
    } catch {
      return undefined;
    }
  }
  const match = handlePattern.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const host = match[2].toLowerCase();
  if (host === ownHost) return undefined;
  return { kind: 'handle', handle: `${match[1]}@${host}`.toLowerCase(), host };
}

function parseJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(body).toString('utf8')) as unknown;
  } catch {
    throw new RemoteFetchError('not JSON');
  }
}

/** Their server answered: nobody there by that name or at that address. */
class NoSuchRemote extends RemoteFetchError {}

// What asking another server about someone came to; the search service names its shape, as a
// service names what a door hands it.
export type { RemoteOutcome } from '../services/search.service';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Finds people of other servers by handle or URL, through the SSRF-safe client only, and keeps
 * them as people here (`rememberActor`), asked again when a day old.
 */
export class RemoteLookup {
  readonly #fetchOptions: SafeFetchOptions;
  readonly #ownHost: string;
  readonly #kv: DatabaseKvStore;

  /**
   * `storeAvatar` runs a downloaded picture through the avatar pipeline, as an upload: remote
   * pictures are served from our storage, never hot-linked.
   */
  constructor(
    private readonly deps: Deps,
    private readonly storeAvatar?: (profileId: string, data: Uint8Array) => Promise<void>,
    fetchOptions: Partial<SafeFetchOptions> = {},
  ) {
    this.#fetchOptions = {
      allowPrivateAddresses: deps.config.federation.allowPrivateAddresses,
      ...fetchOptions,
    };
    this.#ownHost = deps.config.publicUrl.host.toLowerCase();
    this.#kv = new DatabaseKvStore(deps.database.db, deps.clock);
  }

  parse(query: string): RemoteQuery | undefined {
    return parseRemoteQuery(query, this.#ownHost);
  }

  /** The profile id of the person a query names; undefined when there is none or it failed. */
  async resolve(query: string): Promise<string | undefined> {
    const outcome = await this.lookUp(query);
    return outcome && 'found' in outcome ? outcome.found : undefined;
  }

  /**
   * Like `resolve`, telling a failure apart (the search box says which): undefined when the
   * query names nobody elsewhere.
   */
  async lookUp(query: string): Promise<RemoteOutcome | undefined> {
    const parsed = this.parse(query);
    if (!parsed) return undefined;
    try {
      let id: string | undefined;
      if (parsed.kind === 'handle') {
        const known = await this.deps.services.remotePeople.idOfHandle(parsed.handle);
        if (known && (await this.#fresh(known))) return { found: known };
        id = await this.#byActorUrl(await this.#webFinger(parsed.handle, parsed.host));
      } else {
        id = await this.#byUrl(parsed.url);
      }
      // They answered with something that is no person (a group, a page of something else).
      return id === undefined ? { failed: 'not_found' } : { found: id };
    } catch (error) {
      if (error instanceof NoSuchRemote) return { failed: 'not_found' };
      if (error instanceof RemoteFetchError) return { failed: 'unreachable' };
      throw error;
    }
  }

  /**
   * When we last asked their server ourselves: not `remote_actors.updated_at`, which every
   * activity they send refreshes without their counts or picture.
   */
  #lookedUp(profileId: string) {
    return this.#kv.get<LookedUp>(['pinhole', 'remote-lookup', profileId]);
  }

  async #fresh(profileId: string): Promise<boolean> {
    const last = await this.#lookedUp(profileId);
    return (
      last !== undefined && this.deps.clock.now().getTime() - Date.parse(last.at) < remoteRefreshMs
    );
  }

  async #json(url: string | URL, accept: string) {
    const answer = await safeFetch(url, { headers: { accept } }, this.#fetchOptions);
    if (answer.status === 404 || answer.status === 410)
      throw new NoSuchRemote(`${answer.status} from ${answer.url.href}`);
    if (answer.status !== 200)
      throw new RemoteFetchError(`${answer.status} from ${answer.url.href}`);
    return { url: answer.url, json: parseJson(answer.body) };
  }

  /** The actor URL WebFinger gives for `user@host`. */
  async #webFinger(handle: string, host: string): Promise<URL> {
    const url = new URL(`https://${host}/.well-known/webfinger`);
    url.searchParams.set('resource', `acct:${handle}`);
    const { json } = await this.#json(url, 'application/jrd+json, application/json');
    const links = isRecord(json) && Array.isArray(json.links) ? json.links : [];
    for (const link of links) {
      if (!isRecord(link) || link.rel !== 'self' || typeof link.href !== 'string') continue;
      if (typeof link.type === 'string' && /activity\+json|ld\+json/.test(link.type)) {
        return new URL(link.href);
      }
    }
    throw new NoSuchRemote(`no actor for ${handle}`);
  }

  readonly #loader: DocumentLoader = async (documentUrl) => {
    const { url: finalUrl, json: document } = await this.#json(documentUrl, activityAccept);
    return { contextUrl: null, document, documentUrl: finalUrl.href };
  };

  /** An ActivityPub document at `url`, believed only when its id is on the server that gave it. */
  async #object(url: URL) {
    const { url: answeredAt, json } = await this.#json(url, activityAccept);
    if (!isRecord(json) || typeof json.id !== 'string') throw new RemoteFetchError('no id');
    if (!URL.canParse(json.id) || new URL(json.id).origin !== answeredAt.origin) {
      throw new RemoteFetchError(`${answeredAt.href} speaks for ${json.id}`);
    }
    // Contexts come from Fedify's preloaded copies; documents only through the safe client.
    return APObject.fromJsonLd(json, { documentLoader: this.#loader });
  }

  async #byActorUrl(actorUrl: URL): Promise<string | undefined> {
    const known = await this.deps.services.remotePeople.idOf(actorUrl.href);
    if (known && (await this.#fresh(known))) return known;
    const object = await this.#object(actorUrl);
    return isActor(object) ? this.#remember(object) : undefined;
  }

  /** A profile URL (the actor, or its page answering the actor) or a post's (its author). */
  async #byUrl(url: URL): Promise<string | undefined> {
    const known = await this.deps.services.remotePeople.idOf(url.href);
    if (known && (await this.#fresh(known))) return known;
    const object = await this.#object(url);
    if (isActor(object)) return this.#remember(object);
    const authorId = object.attributionId;
    // Storing the post itself is the remote posts' part; here its author is found.
    return authorId ? this.#byActorUrl(authorId) : undefined;
  }

  async #remember(actor: Actor): Promise<string | undefined> {
    const people = this.deps.services.remotePeople;
    const id = await rememberActor(people, actor);
    if (!id) return undefined;
    const [counts, icon] = await Promise.all([this.#counts(actor), this.#avatar(id, actor)]);
    await people.keepCounts(id, counts);
    const lookedUp: LookedUp = { at: this.deps.clock.now().toISOString(), icon };
    await this.#kv.set(['pinhole', 'remote-lookup', id], lookedUp);
    return id;
  }

  /**
   * Their picture (`icon`), fetched like any remote document when it changed; a failure leaves
   * the old one. The URL of the picture now stored.
   */
  async #avatar(profileId: string, actor: Actor): Promise<string | null> {
    if (!this.storeAvatar) return null;
    const before = (await this.#lookedUp(profileId))?.icon ?? null;
    try {
      const icon = await actor.getIcon({ documentLoader: this.#loader });
      const found = icon?.url instanceof URL ? icon.url : icon?.url?.href;
      if (!found) return before;
      const url = found.href;
      if (url === before) return before;
      const answer = await safeFetch(
        url,
        { headers: { accept: 'image/*' } },
        { ...this.#fetchOptions, maxBytes: limits.maxUploadBytes },
      );
      if (answer.status !== 200) return before;
      await this.storeAvatar(profileId, answer.body);
      return url;
    } catch (error) {
      // A picture that cannot be had or is no image: the person shows without one.
      if (error instanceof RemoteFetchError || error instanceof AppError) return before;
      throw error;
    }
  }

  /** The sizes of their followers, following and outbox collections, as their server says. */
  async #counts(actor: Actor): Promise<RemoteCounts> {
    const size = async (url: URL | null) => {
      if (!url || url.origin !== actor.id?.origin) return undefined;
      try {
        const { json } = await this.#json(url, activityAccept);
        const total = isRecord(json) ? json.totalItems : undefined;
        return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0
          ? total
          : undefined;
      } catch (error) {
        if (error instanceof RemoteFetchError) return undefined;
        throw error;
      }
    };
    const [followers, following, posts] = await Promise.all([
      size(actor.followersId),
      size(actor.followingId),
      size(actor.outboxId),
    ]);
    return { followers, following, posts };
  }
}

/**
 * `resolve`, given at most `ms`: a slow server leaves the answer to local results, while the
 * lookup finishes in the background (and is kept for the next search).
 */
/** `lookUp` given at most `ms`: a server slower than that is `unreachable` for this search. */
export function lookUpWithin(
  lookup: RemoteLookup,
  query: string,
  ms: number,
  onError: (error: unknown) => void,
): Promise<RemoteOutcome | undefined> {
  const unreachable: RemoteOutcome = { failed: 'unreachable' };
  const lookingUp = lookup.lookUp(query).catch((error: unknown) => {
    onError(error);
    return unreachable;
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RemoteOutcome>((done) => {
    timer = setTimeout(() => done(unreachable), ms);
  });
  return Promise.race([lookingUp, late]).finally(() => clearTimeout(timer));
}

export function resolveWithin(
  lookup: RemoteLookup,
  query: string,
  ms: number,
  onError: (error: unknown) => void,
): Promise<string | undefined> {
  const lookingUp = lookup.resolve(query).catch((error: unknown) => {
    onError(error);
    return undefined;
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), ms);
  });
  return Promise.race([lookingUp, late]).finally(() => clearTimeout(timer));
}
