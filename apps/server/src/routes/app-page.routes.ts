import fs from 'node:fs';
import { limits, type SessionResponse } from '@pinhole/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Viewer } from '../services/auth.service';
import { appPageHtml } from './app-page-html';
import { readViewer } from './viewer';

const signedOut: SessionResponse = { user: null, profile: null };

/**
 * Serves the client's page (index.html) with what its first screen needs already inside: the
 * session and the feed's first page, which the server holds ready in its caches, and a preload
 * of the first photo. The browser then fetches the script and the photo side by side instead of
 * HTML → script → session → feed → photo. The page differs per reader, so no shared cache keeps it.
 */
export function appPage(context: AppContext, indexHtmlPath: string) {
  const { services, caches } = context;
  let template: { html: string; modifiedMs: number } | undefined;
  // The signed-out page is the same for everyone until the cached feed page changes: it is built
  // once per cached page (keyed by that page's body), not once per request.
  let signedOutPages = new WeakMap<Buffer, string>();

  async function readTemplate(): Promise<string> {
    // Read again after a rebuild: a stale template would name scripts that no longer exist.
    const { mtimeMs } = await fs.promises.stat(indexHtmlPath);
    if (template?.modifiedMs !== mtimeMs) {
      template = { html: await fs.promises.readFile(indexHtmlPath, 'utf8'), modifiedMs: mtimeMs };
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
    const shared = viewer === null ? feed : undefined;
    const kept = shared && signedOutPages.get(shared);
    if (kept) return kept;
    const page = appPageHtml(html, { session: await session(viewer), feedJson: feed.toString() });
    if (shared) signedOutPages.set(shared, page);
    return page;
  }

  return async function sendAppPage(request: FastifyRequest, reply: FastifyReply) {
    const html = await readTemplate();
    void reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie');
    try {
      return await reply.send(await render(request, reply, html));
    } catch (error) {
      // Without the data the page still works: the client asks the API for it, as it did before.
      request.log.warn({ err: error }, 'first screen not embedded in the page');
      return reply.send(html);
    }
  };
}
