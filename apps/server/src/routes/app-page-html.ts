import {
  feedImageSizes,
  firstScreenScriptId,
  srcSet,
  type PostPage,
  type SessionResponse,
} from '@pinhole/contracts';

/**
 * JSON that can sit inside `<script type="application/json">`: a caption holding `</script>` or
 * `<!--` would otherwise end the element early. `\u003c` is the same character to JSON.parse.
 * U+2028/2029 are escaped too, so the text is also valid JavaScript should anyone eval it.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attributeEscapes: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
};

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>']/g, (char) => attributeEscapes[char] ?? char);
}

/**
 * Asks for the feed's first photo as soon as the HTML is read, with the very candidates and
 * sizes the client's `<img>` will carry, so the browser uses this download for it instead of
 * starting one after the script has run.
 */
function firstPhotoPreload(page: PostPage): string {
  const post = page.posts[0];
  if (!post) return '';
  const candidates = srcSet(post.image, post.image_url);
  if (!candidates) return '';
  return (
    `<link rel="preload" as="image" imagesrcset="${escapeAttribute(candidates)}" ` +
    `imagesizes="${escapeAttribute(feedImageSizes)}" fetchpriority="high">`
  );
}

export interface FirstScreenParts {
  session: SessionResponse;
  /** The feed's first page as the API answers it (`GET /api/posts?limit=homeFeedLimit`). */
  feedJson: string;
  /** The first screen drawn by the web client's server renderer, when there is one. */
  rootHtml?: string | undefined;
}

/** The built index.html with the first screen's data and the first photo's preload put in. */
export function appPageHtml(
  template: string,
  { session, feedJson, rootHtml = '' }: FirstScreenParts,
): string {
  const page = JSON.parse(feedJson) as PostPage;
  const data = scriptSafeJson(`{"session":${JSON.stringify(session)},"feed":${feedJson}}`);
  const script = `<script type="application/json" id="${firstScreenScriptId}">${data}</script>`;
  // Replacer functions: a `$` in the data must not be read as a replacement pattern.
  return template
    .replace('</head>', () => `${firstPhotoPreload(page)}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rootHtml}</div>${script}`);
}
