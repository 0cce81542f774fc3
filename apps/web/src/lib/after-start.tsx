import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

interface AfterStartProps<P extends object> {
  /** Imports the component: its chunk is fetched once the app has started, not before. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** Drawn by the server and until the component has come (its room, or nothing). */
  fallback?: ReactNode;
  /** Named in the console when the chunk fails to load. */
  what: string;
}

/**
 * A part the server never draws (it needs the browser), loaded once the app has started:
 * hydration finds only its fallback, and the first script does not carry it.
 */
export function AfterStart<P extends object>({
  load,
  props,
  fallback = null,
  what,
}: AfterStartProps<P>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let current = true;
    load()
      .then((component) => {
        if (current) setLoaded(() => component);
      })
      .catch((error: unknown) => console.error(`Error loading ${what}`, error));
    return () => {
      current = false;
    };
  }, [load, what]);
  return Loaded ? <Loaded {...props} /> : fallback;
}
