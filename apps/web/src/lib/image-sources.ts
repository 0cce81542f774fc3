/**
 * Only same-origin paths are loaded: no request may leave the origin (privacy of readers), so an
 * avatar pointing elsewhere falls back to drawn initials.
 */
export function isSameOriginUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  const origin = pageOrigin();
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

let renderOrigin = 'http://localhost';

/** The server's rendering of a page, which has no window, names the origin it serves. */
export function setRenderOrigin(origin: string): void {
  renderOrigin = origin;
}

function pageOrigin(): string {
  return typeof window === 'undefined' ? renderOrigin : window.location.origin;
}
