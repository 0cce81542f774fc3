import { thumbHashToDataURL } from 'thumbhash';
import { decodeThumbHash } from './thumbhash-decode';

// The blurred image's decoder and PNG encoder are most of thumbhash's code: this module is
// loaded when a photo is still missing once the browser is idle (use-placeholder.ts), not with
// the first screen, whose boxes take the average colour (thumbhash-average.ts) at once.

const urls = new Map<string, string | null>();

/** Turns the server's base64 ThumbHash into a tiny data: URL image, or null if it is unusable. */
export function thumbHashUrl(placeholder: string | null): string | null {
  if (!placeholder) return null;
  const cached = urls.get(placeholder);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    url = thumbHashToDataURL(decodeThumbHash(placeholder));
  } catch {
    url = null;
  }
  urls.set(placeholder, url);
  return url;
}
