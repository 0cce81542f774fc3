import { pagePaths, type Mention } from '@pinhole/contracts';
import { findEntities, reservedUsernames } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A caption or a comment with its `#tags` leading to their page and its `@names` to their
 * profile, found by the same parser the server stores them with. Only text nodes and links are
 * built, never HTML: `<b>` in a caption is four characters on screen.
 *
 * `mentions` (the server's `mentions` of the post or comment) are the people who exist: an
 * `@name` of nobody stays text rather than leading to a not-found page. Without it (text the
 * server has not seen yet) every `@name` is a link.
 *
 * Isolated (`<bdi>`) from the words around it: an Arabic comment followed by its time read
 * "1 بالعالمm", the bidi algorithm pulling the time's digits into the Arabic run.
 */
export function LinkedText({ text, mentions }: { text: string; mentions?: readonly Mention[] }) {
  return <bdi>{linkedNodes(text, mentions)}</bdi>;
}

function linkedNodes(text: string, mentions?: readonly Mention[]): ReactNode {
  const known = mentions && new Set(mentions.map((person) => person.username));
  const nodes: ReactNode[] = [];
  let shownUpTo = 0;
  for (const entity of findEntities(text)) {
    // `@explore` names a page of the app, never a person.
    if (entity.kind === 'mention' && reservedUsernames.has(entity.value)) continue;
    if (entity.kind === 'mention' && known && !known.has(entity.value)) continue;
    if (entity.start < shownUpTo) continue;
    if (entity.start > shownUpTo) nodes.push(text.slice(shownUpTo, entity.start));
    const to =
      entity.kind === 'hashtag'
        ? pagePaths.exploreTag.to(entity.value)
        : pagePaths.profile.to(entity.value);
    nodes.push(
      <Link key={entity.start} to={to} className="text-link hover:underline">
        {text.slice(entity.start, entity.end)}
      </Link>,
    );
    shownUpTo = entity.end;
  }
  if (nodes.length === 0) return text;
  if (shownUpTo < text.length) nodes.push(text.slice(shownUpTo));
  return nodes;
}
