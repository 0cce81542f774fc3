/** The address to share: absolute, on the origin the reader is using. */
export function absoluteUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}
