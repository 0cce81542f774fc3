import { Suspense, useEffect, useRef, type ReactNode } from 'react';

/**
 * Parts of a server-drawn page that hydrate from chunks of their own after the rest (the home's
 * stories, comments and sidebar: home-parts.tsx). Until they have, the server's markup there is
 * inert: a comment typed into its box is lost to React (Post stays disabled), a tap on "Your
 * story" opens nothing, a link loads the whole page again. So the page counts as ready (the
 * `data-ready` mark, the held early click given back) only once every part on it has hydrated.
 *
 * Each part carries an inert `<template>` drawn by the server too, marked once its boundary has
 * hydrated: the page's HTML says from the start how many parts there are to wait for, even those
 * inside a boundary React has not reached yet.
 */
const unhydrated = 'template[data-late-part]:not([data-hydrated])';

/** Resolves once no late part on the page is still waiting to hydrate. */
export function whenLatePartsHydrated(): Promise<void> {
  const waiting = () => document.querySelector(unhydrated) !== null;
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (waiting()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-hydrated'],
    });
  });
}

/** Its effect runs only once the boundary around it has hydrated (or been drawn). */
function HydratedMark() {
  const mark = useRef<HTMLTemplateElement>(null);
  useEffect(() => {
    mark.current?.setAttribute('data-hydrated', '');
  }, []);
  // First, so that the part's own last child stays its last (spacing utilities count on it).
  return <template ref={mark} data-late-part="" />;
}

/**
 * A Suspense boundary around a part that hydrates late; the server's twin (home-parts.server.tsx)
 * draws the same, its part at once.
 */
export function LatePart({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <HydratedMark />
      {children}
    </Suspense>
  );
}
