import { firstScreenScriptId } from '@pinhole/contracts';
import { withDeferredBoot } from './deferred-boot';
import { escapeHtml, scriptSafeJson } from './html-text';
import type { PageHead } from './link-previews';

export interface PageParts {
  /** The page's `FirstScreen` as JSON text; without it the client asks the API, as it used to. */
  firstScreenJson?: string;
  /**
   * The photo the first screen shows first, asked for as soon as the HTML is read with the very
   * candidates and sizes the client's `<img>` will carry, so the browser uses this download for
   * it instead of starting one after the script has run.
   */
  photo?: { srcset: string; sizes: string };
  /** The page's own title, description and link-preview tags. */
  head?: PageHead;
  /** The first screen drawn by the web client's server renderer, for the browser to hydrate. */
  rootHtml?: string | undefined;
}

function photoPreload({ srcset, sizes }: NonNullable<PageParts['photo']>): string {
  return (
    `<link rel="preload" as="image" imagesrcset="${escapeHtml(srcset)}" ` +
    `imagesizes="${escapeHtml(sizes)}" fetchpriority="high">`
  );
}

const titleElement = /<title>[^]*?<\/title>/i;
const descriptionElement = /<meta\s+name="description"[^>]*>/i;

/** Replaces the template's own title and description (never a second one) and adds the rest. */
function withHead(template: string, head: PageHead): { html: string; added: string } {
  let html = template;
  let added = '';
  const title = `<title>${escapeHtml(head.title)}</title>`;
  if (titleElement.test(html)) html = html.replace(titleElement, () => title);
  else added += title;
  if (head.description !== undefined) {
    const description = `<meta name="description" content="${escapeHtml(head.description)}">`;
    if (descriptionElement.test(html)) html = html.replace(descriptionElement, () => description);
    else added += description;
  }
  if (head.canonical) added += `<link rel="canonical" href="${escapeHtml(head.canonical)}">`;
  for (const tag of head.meta) {
    added += `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}">`;
  }
  return { html, added };
}

/** The built index.html with the page's head, its first screen's data and photo preload put in. */
export function appPageHtml(template: string, parts: PageParts): string {
  // A drawn page is readable before its script runs: the script waits for the first photo.
  const base = isDrawn(parts) ? deferredTemplate(template) : template;
  const { html, added } = parts.head ? withHead(base, parts.head) : { html: base, added: '' };
  const preload = parts.photo ? photoPreload(parts.photo) : '';
  // A page drawn on the server is painted only once all of it is parsed (the data script right
  // after #root marks the end): Chrome otherwise paints a half-parsed page, a feed column
  // without the sidebar beside it, and moves it when the rest arrives (layout shift).
  const renderBlock = isDrawn(parts)
    ? `<link rel="expect" href="#${firstScreenScriptId}" blocking="render">`
    : '';
  const script =
    parts.firstScreenJson === undefined
      ? ''
      : `<script type="application/json" id="${firstScreenScriptId}">` +
        `${scriptSafeJson(parts.firstScreenJson)}</script>`;
  // Replacer functions: a `$` in the data must not be read as a replacement pattern.
  return html
    .replace('</head>', () => `${added}${preload}${renderBlock}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${parts.rootHtml ?? ''}</div>${script}`,
    );
}

// The template changes only with a rebuild: its scripts are swapped once, not per page.
let deferred: { template: string; html: string } | undefined;
function deferredTemplate(template: string): string {
  if (deferred?.template !== template) deferred = { template, html: withDeferredBoot(template) };
  return deferred.html;
}

/** Whether the page carries its first screen drawn by the server (its script is then deferred). */
export function isDrawn(parts: PageParts): boolean {
  return Boolean(parts.rootHtml) && parts.firstScreenJson !== undefined;
}
