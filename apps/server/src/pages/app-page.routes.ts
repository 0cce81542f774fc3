import fs from 'node:fs';
import path from 'node:path';
import {
  feedChoiceCookie,
  feedImageSizes,
  feedKindOf,
  limits,
  pagePaths,
  postPageImageSizes,
  srcSet,
  type FeedKind,
  type Post,
  type PostPage,
  type Profile,
  type SessionResponse,
} from '@pinhole/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { AppError, notFound, sendError } from '../errors';
import type { Viewer } from '../services/auth.service';
import {
  isPagePath,
  otherPagePaths,
  postIdPattern,
  profilePaths,
  usernameOfSegment,
  withoutTrailingSlash,
} from './app-addresses';
import { appPageHtml, isDrawn, type PageParts } from './app-page-html';
import { allowingBootScript } from './deferred-boot';
import { notFoundHead, postHead, profileHead } from './link-previews';
import { firstScreenRenderer } from './first-screen-renderer';
import { inlineStylesheets } from './inline-stylesheets';
import { sendEncoded } from '../routes/schemas';
import { readViewer } from '../routes/viewer';
import { EncodedBody } from '../cache/encoded-body';

/** How long a page of a person of another server waits for their server. */
const remoteProfilePageMs = 3000;
const signedOut: SessionResponse = { user: null, profile: null };
const htmlType = 'text/html; charset=utf-8';
// The signed-out home is kept a minute at most: its drawn time labels ("3h") hold so long.
const signedOutHomeMaxAgeMs = 60_000;

interface Page {
  status: 200 | 404;
  /** Compressed once per page: the signed-out home is sent many times from one build. */
  body: EncodedBody;
  /** Drawn by the server, so its script starts from an inline boot script the CSP must allow. */
  drawn?: boolean;
}

const page = (status: 200 | 404, html: string): Page => ({
  status,
  body: new EncodedBody(Buffer.from(html)),
});

function drawnPage(parts: PageParts, html: string): Page {
  return { ...page(200, appPageHtml(html, parts)), drawn: isDrawn(parts) };
}

/** A service's answer, or null when it says there is no such thing; other failures propagate. */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

function photoOf(post: Post, sizes: string): PageParts['photo'] {
  const srcset = srcSet(post.image, post.image_url);
  return srcset ? { srcset, sizes } : undefined;
}

/**
 * Serves the client's page (index.html) for every address the client owns, with what its first
 * screen needs already inside (the session, and the feed, profile or post the route shows, which
 * the server holds ready), a preload of the first photo, and the page's own title and link-preview
 * tags. The browser then fetches the script and the photo side by side instead of HTML → script →
 * session → data → photo. The page differs per reader, so no shared cache keeps it.
 *
 * An address of nothing (an unknown path, `/:username` of nobody, `/p/:id` of no post) is the
 * same page with status 404: the client draws "Sorry, this page isn't available."
 */
export function appPages(context: AppContext, indexHtmlPath: string) {
  const { services, caches, config } = context;
  const origin = config.publicUrl;
  // The web client's server renderer is built beside dist/ (never inside: dist/ is served).
  const renderer = firstScreenRenderer(
    path.join(path.dirname(indexHtmlPath), '..', 'dist-ssr', 'entry-server.js'),
  );
  let template: { html: string; modifiedMs: number } | undefined;
  // The signed-out home page is the same for everyone until the cached feed page changes: it is
  // built once per cached page (keyed by that page's body), not once per request.
  let signedOutHomes = new WeakMap<Buffer, { page: Page; builtMs: number }>();

  /** The built index.html, or null when there is none (an API-only server). */
  async function readTemplate(): Promise<string | null> {
    // Read again after a rebuild: a stale template would name scripts that no longer exist.
    const stat = await fs.promises.stat(indexHtmlPath).catch(() => null);
    if (!stat) return null;
    if (template?.modifiedMs !== stat.mtimeMs) {
      const html = await fs.promises.readFile(indexHtmlPath, 'utf8');
      template = {
        html: await inlineStylesheets(html, path.dirname(indexHtmlPath)),
        modifiedMs: stat.mtimeMs,
      };
      signedOutHomes = new WeakMap();
    }
    return template.html;
  }

  async function session(viewer: Viewer | null): Promise<SessionResponse> {
    if (!viewer) return signedOut;
    // As GET /api/auth/session: a profile that fails to load is null, the reader stays signed in.
    const profile = await services.profiles.get(viewer.userId).catch(() => null);
    return { user: { id: viewer.userId, email: viewer.email, role: viewer.role }, profile };
  }

  type Build = (viewer: Viewer | null, html: string, request?: FastifyRequest) => Promise<Page>;

  function notFoundPage(reader: SessionResponse, html: string): Page {
    const firstScreenJson = JSON.stringify({ session: reader, not_found: true });
    return page(404, appPageHtml(html, { firstScreenJson, head: notFoundHead }));
  }

  const unknownPage: Build = async (viewer, html) => notFoundPage(await session(viewer), html);

  const home: Build = async (viewer, html, request) => {
    // Signed in, the feed the reader last chose (Following unless Everyone), so the browser
    // hydrates the same tab. The same query as the client's first feed request, so both share
    // one cached page.
    const feedKind: FeedKind =
      viewer === null ? 'everyone' : feedKindOf(request?.cookies[feedChoiceCookie]);
    const followedBy = feedKind === 'following' ? viewer?.userId : undefined;
    const feed = (
      await services.postReads.page(
        { limit: limits.homeFeedLimit, followedBy },
        viewer?.userId ?? null,
      )
    ).raw;
    const shared = viewer === null ? feed : undefined;
    const kept = shared && signedOutHomes.get(shared);
    if (kept && Date.now() - kept.builtMs < signedOutHomeMaxAgeMs) return kept.page;
    const feedJson = feed.toString();
    const feedPage = JSON.parse(feedJson) as PostPage;
    const reader = await session(viewer);
    const first = feedPage.posts[0];
    const home = drawnPage(
      {
        firstScreenJson: `{"session":${JSON.stringify(reader)},"feed":${feedJson},"feed_kind":"${feedKind}"}`,
        photo: first && photoOf(first, feedImageSizes),
        rootHtml: await drawHome(request, reader, feedPage, feedKind),
      },
      html,
    );
    if (shared) signedOutHomes.set(shared, { page: home, builtMs: Date.now() });
    return home;
  };

  /**
   * The home's first screen drawn with React, for the browser to hydrate: a phone paints the feed
   * from the HTML alone. Only the home for now (the client's router is not drawn on the server
   * yet). A renderer that fails costs the page nothing but speed: the browser draws it.
   */
  async function drawHome(
    request: FastifyRequest | undefined,
    reader: SessionResponse,
    feed: PostPage,
    feedKind: FeedKind,
  ): Promise<string | undefined> {
    try {
      const render = await renderer();
      return render?.({ session: reader, feed, feed_kind: feedKind }, origin.origin);
    } catch (error) {
      request?.log.warn({ err: error }, 'first screen not drawn on the server');
      return undefined;
    }
  }

  /**
   * The profile `name` names for this reader, or null. A person of another server (`user@host`)
   * is asked of their server as `GET /api/profiles/by-username` asks it, for a shorter while:
   * when it has not answered by then, whether they exist is 'unknown yet'.
   */
  async function profileNamed(
    name: string,
    viewerId: string | null,
    request: FastifyRequest | undefined,
  ): Promise<Profile | null | 'unknown yet'> {
    const lookup = context.remoteLookup;
    if (lookup && name.includes('@')) {
      const late = Symbol('late');
      let timer: NodeJS.Timeout | undefined;
      const id = await Promise.race([
        lookup.resolve(name).catch((error: unknown) => {
          request?.log.warn({ err: error }, 'remote lookup failed');
          return undefined;
        }),
        new Promise<typeof late>((done) => {
          timer = setTimeout(() => done(late), remoteProfilePageMs);
        }),
      ]).finally(() => clearTimeout(timer));
      if (typeof id === 'string') return unlessNotFound(services.profiles.get(id, viewerId));
      // What was kept of them still shows while their server is slow or gone.
      const kept = await unlessNotFound(services.profiles.getByUsername(name, viewerId));
      return kept ?? (id === late ? 'unknown yet' : null);
    }
    return unlessNotFound(services.profiles.getByUsername(name, viewerId));
  }

  const profilePage =
    (username: string): Build =>
    async (viewer, html, request) => {
      const name = usernameOfSegment(username);
      // Odd Unicode, dots or a 10 KB name can name nobody: no query for them.
      if (name === null) return unknownPage(viewer, html);
      const [profile, reader] = await Promise.all([
        profileNamed(name, viewer?.userId ?? null, request),
        session(viewer),
      ]);
      // Their server slow to answer: the client's own request waits longer for it.
      if (profile === 'unknown yet') return otherPage(viewer, html);
      if (!profile) return notFoundPage(reader, html);
      const firstScreenJson = JSON.stringify({ session: reader, profile });
      return page(200, appPageHtml(html, { firstScreenJson, head: profileHead(profile, origin) }));
    };

  const postPage =
    (id: string): Build =>
    async (viewer, html) => {
      if (!postIdPattern.test(id)) return unknownPage(viewer, html);
      const [post, reader] = await Promise.all([
        unlessNotFound(services.postReads.get(id, viewer?.userId ?? null)),
        session(viewer),
      ]);
      if (!post) return notFoundPage(reader, html);
      const firstScreenJson = JSON.stringify({ session: reader, post });
      return page(
        200,
        appPageHtml(html, {
          firstScreenJson,
          photo: photoOf(post, postPageImageSizes),
          head: postHead(post, origin),
        }),
      );
    };

  const otherPage: Build = async (viewer, html) =>
    page(
      200,
      appPageHtml(html, { firstScreenJson: JSON.stringify({ session: await session(viewer) }) }),
    );

  /**
   * Answers with the page `build` makes. Without its data (a database or cache failure) the
   * page still works: `fallback` is sent as the plain template, and the client asks the API.
   */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    build: Build,
    fallback: { status: 200 | 404; parts: PageParts } = { status: 200, parts: {} },
  ) {
    const html = await readTemplate();
    if (html === null) return sendError(reply, notFound());
    void reply.type(htmlType).header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    let answer: Page;
    try {
      await caches.sync();
      answer = await build(await readViewer(context, request, reply, true), html, request);
    } catch (error) {
      request.log.warn({ err: error }, 'first screen not embedded in the page');
      answer = page(fallback.status, appPageHtml(html, fallback.parts));
    }
    if (answer.drawn) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        void reply.header('content-security-policy', allowingBootScript(policy));
    }
    return sendEncoded(request, reply.code(answer.status), answer.body, htmlType);
  }

  const notFoundFallback = { status: 404 as const, parts: { head: notFoundHead } };

  return {
    /** The routes of the client's pages; HTML, so hidden from the API reference. */
    routes: async (app: FastifyInstance): Promise<void> => {
      const hide = { schema: { hide: true } };
      app.get(pagePaths.home.pattern, hide, (request, reply) => send(request, reply, home));
      for (const path of profilePaths) {
        app.get(path, hide, (request, reply) => {
          const { username } = request.params as { username: string };
          if (!isPagePath(request.url)) return sendError(reply, notFound());
          return send(request, reply, profilePage(username));
        });
      }
      app.get(pagePaths.post.pattern, hide, (request, reply) =>
        send(request, reply, postPage((request.params as { id: string }).id)),
      );
      for (const path of otherPagePaths) {
        app.get(path, hide, (request, reply) => send(request, reply, otherPage));
      }
    },

    /** Any other GET outside the API: the not-found page, with status 404. */
    sendNotFound(request: FastifyRequest, reply: FastifyReply) {
      const target = withoutTrailingSlash(request.url);
      if (target) return reply.redirect(target, 301);
      return send(request, reply, unknownPage, notFoundFallback);
    },

    /**
     * A path the router could not even read (bad percent-encoding, a segment too long). No hook
     * has run for it, so not even the cookies are parsed: the plain not-found page, which asks
     * the API for the session itself.
     */
    async sendUnreadable(_request: FastifyRequest, reply: FastifyReply) {
      const html = await readTemplate();
      if (html === null) return sendError(reply, notFound());
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .send(appPageHtml(html, { head: notFoundHead }));
    },
  };
}

export type AppPages = ReturnType<typeof appPages>;
