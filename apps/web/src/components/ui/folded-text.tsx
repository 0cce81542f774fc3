import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// useLayoutEffect warns on the server; the fold is only measured in the browser anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * Text cut after two lines with "… more" over the end of the second, as Instagram folds a long
 * caption in the feed; a tap shows it whole. Lines are measured, not characters: two lines of
 * one phone hold half of a laptop's, and a caption of short lines (a poem) is long in lines
 * only. The server draws it folded by CSS alone; "more" appears once the browser has measured
 * that something is cut.
 */
export function FoldedText({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLParagraphElement>(null);
  const [unfolded, setUnfolded] = useState(false);
  const [cut, setCut] = useState(false);

  useBrowserLayoutEffect(() => {
    const element = box.current;
    if (!element || unfolded) return;
    // A rounding pixel is not a hidden line.
    const measure = () => setCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    // The width changes with the window (a phone turned sideways), and with it the lines.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [unfolded, children]);

  if (unfolded) return <p className={className}>{children}</p>;
  return (
    <p ref={box} className={`relative line-clamp-2 ${className}`}>
      {children}
      {cut && (
        <button
          type="button"
          onClick={() => setUnfolded(true)}
          // Over the end of the second line, hiding the clamp's own ellipsis.
          className="absolute right-0 bottom-0 bg-white pl-1 text-muted hover:text-neutral-900"
        >
          … more
        </button>
      )}
    </p>
  );
}
