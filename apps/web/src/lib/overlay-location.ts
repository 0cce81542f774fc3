import { useLocation, type Location } from 'react-router-dom';

/**
 * A post opened over the page it was clicked on (Instagram's dialog on wide screens) is a
 * history entry for `/p/:id` that remembers the page underneath. The router draws that page,
 * and the post as a dialog on top of it.
 */
interface OverlayState {
  background: Location;
  /** The page load that opened it (see below). */
  document: string;
}

/**
 * History state survives a reload, but a reload must show the post's full page, as Instagram
 * does: an overlay only counts in the page load that opened it.
 */
const thisDocument = Math.random().toString(36).slice(2);

export function overlayState(background: Location): OverlayState {
  return { background, document: thisDocument };
}

function isOverlayState(state: unknown): state is OverlayState {
  return (
    typeof state === 'object' &&
    state !== null &&
    'document' in state &&
    state.document === thisDocument &&
    'background' in state
  );
}

/** The page underneath when `location` is an overlay opened in this page load, else undefined. */
export function backgroundOf(location: Location): Location | undefined {
  return isOverlayState(location.state) ? location.state.background : undefined;
}

/** The location whose page is drawn: the one underneath while an overlay is open. */
export function usePageLocation(): Location {
  const location = useLocation();
  return backgroundOf(location) ?? location;
}
