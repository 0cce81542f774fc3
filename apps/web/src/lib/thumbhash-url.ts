import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';

const urls = new Map<string, string | null>();
const averages = new Map<string, string | null>();

function decode(placeholder: string): Uint8Array {
  return Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
}

/** Turns the server's base64 ThumbHash into a tiny data: URL image, or null if it is unusable. */
export function thumbHashUrl(placeholder: string | null): string | null {
  if (!placeholder) return null;
  const cached = urls.get(placeholder);
  if (cached !== undefined) return cached;
  let url: string | null = null;
  try {
    url = thumbHashToDataURL(decode(placeholder));
  } catch {
    url = null;
  }
  urls.set(placeholder, url);
  return url;
}

/** The ThumbHash's average colour as CSS `rgb(...)`, or null if it is unusable. */
export function thumbHashAverage(placeholder: string | null): string | null {
  if (!placeholder) return null;
  const cached = averages.get(placeholder);
  if (cached !== undefined) return cached;
  let colour: string | null = null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(decode(placeholder));
    colour = `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
  } catch {
    colour = null;
  }
  averages.set(placeholder, colour);
  return colour;
}
