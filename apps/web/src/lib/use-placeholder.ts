import { useEffect, useState, type CSSProperties, type RefObject } from 'react';
import { thumbHashAverage } from './thumbhash-average';
import { whenIdle } from './when-idle';

/**
 * The style that colours a photo's box until the photo arrives: at once the ThumbHash's average
 * colour (a few arithmetic operations), then — only if the photo is still missing when the
 * browser is idle — the blurred ThumbHash image, whose decoder loads then. Decoding a ThumbHash into a PNG data URL for
 * every post in the first render cost ~50 ms of a phone's main thread for photos that, preloaded
 * or cached, were mostly already there. The server's HTML and the first client render agree.
 */
export function usePlaceholder(
  placeholder: string | null,
  image: RefObject<HTMLImageElement | null>,
  loaded: boolean,
): CSSProperties {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (loaded || !placeholder || image.current?.complete) return;
    let current = true;
    const cancel = whenIdle(() => {
      if (image.current?.complete) return;
      // The decoder is a chunk of its own, fetched only for a photo still missing by then.
      import('./thumbhash-url')
        .then(({ thumbHashUrl }) => {
          if (current && !image.current?.complete) setUrl(thumbHashUrl(placeholder));
        })
        .catch((error: unknown) => console.error('Error loading a placeholder', error));
    }, 500);
    return () => {
      current = false;
      cancel();
    };
  }, [placeholder, image, loaded]);

  if (loaded) return {};
  return {
    backgroundColor: thumbHashAverage(placeholder) ?? undefined,
    backgroundImage: url ? `url("${url}")` : undefined,
  };
}
