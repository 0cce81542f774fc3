import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { SearchBox as SearchBoxType } from './search-box';
import { SearchField } from './search-field';

type SearchBoxComponent = typeof SearchBoxType;

const loadSearchBox = () => import('./search-box').then((module) => module.SearchBox);

/**
 * The header's search box as the first screen draws it: an input that looks like the real one
 * and holds what is typed, until the reader points at it, focuses it or types. The real box (its
 * list, recent searches, requests and keyboard moves) then loads and takes over with the text and
 * the focus. Every page has the header, and few first visits search: its ~3 KB of script stays
 * out of the first script, which a phone parses before anything responds (budget: 110 KB gzip).
 */
export function LazySearchBox({ className = '' }: { className?: string }) {
  const [RealBox, setRealBox] = useState<SearchBoxComponent | null>(null);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const wanted = useRef(false);
  const mounted = useRef(true);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Set here too, not only at creation: strict mode (development) unmounts and mounts again.
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = () => {
    if (wanted.current) return;
    wanted.current = true;
    loadSearchBox()
      .then((component) => {
        if (mounted.current) setRealBox(() => component);
      })
      // Offline or a new deploy: the stand-in stays, and the next gesture tries again.
      .catch(() => {
        wanted.current = false;
      });
  };

  // On the page the server drew, a reader may focus the box and type before the app has
  // hydrated it (the app starts after the first photo, or on a first gesture such as this one):
  // keep what they typed and go on.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    if (box.value !== '') setText(box.value);
    if (document.activeElement === box) {
      setFocused(true);
      load();
    }
    // Once, at mount: later changes arrive through the handlers.
  }, []);

  if (RealBox) {
    const Box: ComponentType<Parameters<SearchBoxComponent>[0]> = RealBox;
    return <Box className={className} initialText={text} autoFocus={focused} />;
  }
  return (
    <form
      role="search"
      onSubmit={(event) => event.preventDefault()}
      onPointerEnter={load}
      className={`relative ${className}`}
    >
      <SearchField
        ref={input}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          load();
        }}
        onFocus={() => {
          setFocused(true);
          load();
        }}
        onBlur={() => setFocused(false)}
      />
    </form>
  );
}
