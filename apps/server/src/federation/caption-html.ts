import type { Context } from '@fedify/fedify';
import { Hashtag, Mention } from '@fedify/vocab';
import { findEntities } from '@pinhole/contracts';
import { escapeHtml } from './html';

/**
 * A caption as other servers show it: HTML with each hashtag linked to its page here and each
 * mention of a person here linked to them (Mastodon's markup: `mention hashtag` and an
 * `h-card`), its paragraphs and line breaks kept; and its `Hashtag` and `Mention` tags, which
 * make the links clickable there and tell the mentioned. `known`: the usernames of people here
 * (a mention of nobody stays text). The same parser as the app's own links.
 */
export function captionOf(
  ctx: Context<void>,
  caption: string,
  known: ReadonlySet<string>,
): { html: string; tags: (Hashtag | Mention)[] } {
  const origin = ctx.canonicalOrigin;
  const tags = new Map<string, Hashtag | Mention>();
  let linked = '';
  let at = 0;
  for (const entity of findEntities(caption)) {
    linked += escapeHtml(caption.slice(at, entity.start));
    const written = escapeHtml(caption.slice(entity.start + 1, entity.end));
    if (entity.kind === 'hashtag') {
      const href = new URL(`/explore/tags/${encodeURIComponent(entity.value)}`, origin);
      linked += `<a href="${href.href}" class="mention hashtag" rel="tag">#<span>${written}</span></a>`;
      tags.set(`#${entity.value}`, new Hashtag({ name: `#${entity.value}`, href }));
    } else if (known.has(entity.value)) {
      const actor = ctx.getActorUri(entity.value);
      const page = new URL(`/${entity.value}`, origin);
      linked +=
        `<span class="h-card"><a href="${page.href}" class="u-url mention">` +
        `@<span>${written}</span></a></span>`;
      const name = `@${entity.value}@${new URL(origin).host}`;
      tags.set(name, new Mention({ name, href: actor }));
    } else {
      linked += escapeHtml(caption.slice(entity.start, entity.end));
    }
    at = entity.end;
  }
  linked += escapeHtml(caption.slice(at));
  const html = linked
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
  return { html, tags: [...tags.values()] };
}
