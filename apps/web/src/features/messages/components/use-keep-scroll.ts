import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * A thread scrolled from the bottom: it opens at the newest message and follows new ones; when
 * the top sentinel comes into view the older page loads above, and the reader stays on the
 * message they were reading (the distance from the bottom is kept across the insertion).
 */
export function useKeepScroll({
  newestId,
  pageCount,
  hasOlder,
  loadOlder,
}: {
  newestId: string | undefined;
  pageCount: number;
  hasOlder: boolean;
  loadOlder: () => void;
}) {
  const list = useRef<HTMLOListElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const fromBottom = useRef<number | null>(null);

  useLayoutEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [list, newestId]);

  useLayoutEffect(() => {
    const box = list.current;
    if (!box || fromBottom.current === null) return;
    box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [list, pageCount]);

  useEffect(() => {
    const target = sentinel.current;
    const box = list.current;
    if (!target || !box || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Set up again whenever a load ends (`hasOlder` changes), so a load cancelled by a
        // refetch (a live event) is asked again while the top is still in view.
        if (!entries.some((entry) => entry.isIntersecting)) return;
        fromBottom.current = box.scrollHeight - box.scrollTop;
        loadOlder();
      },
      { root: box },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [list, sentinel, hasOlder, loadOlder]);

  /** Before a click on "Earlier messages" loads the page (keyboard readers). */
  const beforeLoad = () => {
    const box = list.current;
    if (box) fromBottom.current = box.scrollHeight - box.scrollTop;
  };
  return { list, sentinel, beforeLoad };
}
