import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string | null>();

/** Turns the server's base64 ThumbHash into a tiny data: URL image, or null if it is unusable. */
export function thumbHashUrl(placeholder: string | null): string | null {
  if (!placeholder) return null;
  const cached = cache.get(placeholder);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
  } catch {
    url = null;
  }
  cache.set(placeholder, url);
  return url;
}
