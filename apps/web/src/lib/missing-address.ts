import type { FirstScreen } from '@pinhole/contracts';

/** The address the server drew as not found (404) when this page was loaded, if any. */
let missingAddress: string | null = null;

/** Called once at start-up with the first screen the server embedded and the page's address. */
export function rememberMissingAddress(firstScreen: FirstScreen, pathname: string): void {
  if (firstScreen.not_found) missingAddress = pathname;
}

/**
 * The server already answered 404 for this address: asking the API for its post or profile
 * again only repeated the 404 (and the browser's console error for it) before the same
 * not-found page. Ids are never reused, and a name taken meanwhile shows at the next load.
 */
export function isMissingAddress(pathname: string): boolean {
  return missingAddress === pathname;
}
