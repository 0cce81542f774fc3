/**
 * Only same-origin paths are loaded: no request may leave the origin (privacy of readers), so an
 * avatar pointing elsewhere falls back to drawn initials.
 */
export function isSameOriginUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}
