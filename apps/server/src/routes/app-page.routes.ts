import fs from 'node:fs';
import path from 'node:path';
import { limits, type PostPage, type SessionResponse } from '@pinhole/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Viewer } from '../services/auth.service';
import { appPageHtml } from './app-page-html';
import { firstScreenRenderer } from './first-screen-renderer';
import { inlineStylesheets } from './inline-stylesheets';
import { sendEncoded } from './schemas';
import { readViewer } from './viewer';
import { EncodedBody } from '../services/caching/encoded-body';

const signedOut: SessionResponse = { user: null, profile: null };
const signedOutPageMaxAgeMs = 60_000;
const htmlType = 'text/html; charset=utf-8';

/**
 * Serves the client's page (index.html) with what its first screen needs already inside: the
 * session and the feed's first page, which the server holds ready in its caches, and a preload
 * of the first photo. The browser then fetches the script and the photo side by side instead of
 * HTML → script → session → feed → photo. The page differs per reader, so no shared cache keeps it.
 */
export function appPage(context: AppContext, indexHtmlPath: string, rendererPath: string) {
  const { services, caches, config } = context;
  const renderer = firstScreenRenderer(rendererPath);
  let template: { html: string; modifiedMs: number } | undefined;
  // The signed-out page is the same for everyone until the cached feed page changes: it is built
  // once per cached page (keyed by that page's body), not once per request.
  // Kept a minute at most: the rendered time labels ("3h") are only true for so long.
  let signedOutPages = new WeakMap<Buffer, { page: EncodedBody; builtMs: number }>();

  async function readTemplate(): Promise<string> {
    // Read again after a rebuild: a stale template would name scripts that no longer exist.
    const { mtimeMs } = await fs.promises.stat(indexHtmlPath);
    if (template?.modifiedMs !== mtimeMs) {
      const html = await fs.promises.readFile(indexHtmlPath, 'utf8');
      template = {
        html: await inlineStylesheets(html, path.dirname(indexHtmlPath)),
        modifiedMs: mtimeMs,
      };
      signedOutPages = new WeakMap();
    }
    return template.html;
  }

  async function session(viewer: Viewer | null): Promise<SessionResponse> {
    if (!viewer) return signedOut;
    // As GET /api/auth/session: a profile that fails to load is null, the reader stays signed in.
    const profile = await services.profiles.get(viewer.userId).catch(() => null);
    return { user: { id: viewer.userId, email: viewer.email }, profile };
  }

  async function render(request: FastifyRequest, reply: FastifyReply, html: string) {
    await caches.sync();
    const viewer = await readViewer(context, request, reply, true);
    // The same query as the client's first feed request, so both share one cached page.
    const feed = (
      await services.postReads.page({ limit: limits.homeFeedLimit }, viewer?.userId ?? null)
    ).raw;
    // Only the home is kept: other paths are not drawn on the server (see renderHome).
    const shared = viewer === null && request.url === '/' ? feed : undefined;
    const kept = shared && signedOutPages.get(shared);
    if (kept && Date.now() - kept.builtMs < signedOutPageMaxAgeMs) return kept.page;
    const firstScreen = { session: await session(viewer), feedJson: feed.toString() };
    const rootHtml = await renderHome(request, firstScreen);
    // Compressed once per page kept (the signed-out home), as the API's cached pages are.
    const page = new EncodedBody(Buffer.from(appPageHtml(html, { ...firstScreen, rootHtml })));
    if (shared) signedOutPages.set(shared, { page, builtMs: Date.now() });
    return page;
  }

  /**
   * The home's first screen drawn with React, for the browser to hydrate. Only `/` for now: the
   * client has no URL routes yet, so any other path would hydrate into a different screen. A
   * renderer that fails costs the page nothing but speed: the browser draws it as before.
   */
  async function renderHome(
    request: FastifyRequest,
    { session, feedJson }: { session: SessionResponse; feedJson: string },
  ): Promise<string | undefined> {
    if (request.url !== '/') return undefined;
    try {
      const render = await renderer();
      const feed = JSON.parse(feedJson) as PostPage;
      return render?.({ session, feed }, config.publicUrl.origin);
    } catch (error) {
      request.log.warn({ err: error }, 'first screen not rendered on the server');
      return undefined;
    }
  }

  return async function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    const html = await readTemplate();
    void reply.type(htmlType).header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    try {
      const page = await render(request, reply, html);
      return sendEncoded(request, reply, page, htmlType);
    } catch (error) {
      // Without the data the page still works: the client asks the API for it, as it did before.
      request.log.warn({ err: error }, 'first screen not embedded in the page');
      return reply.send(html);
    }
  };
}
