import { endpointPath, type SessionResponse } from '@pinhole/contracts';
import { offlineCaches } from './cache-names';

/**
 * Puts the session the server drew the page with among the API answers the worker keeps, as if
 * the app had asked for it. Pages carry their session inside, so the app never asks while online,
 * and a page this device had not kept, opened offline, got the bare page, asked for the session,
 * found nothing and drew the reader signed out ("Sign In" over their own offline reading). The
 * worker's network-first rule still asks the server first whenever it can; signing out empties
 * this cache with the others.
 */
export function keepSessionForOffline(session: SessionResponse): void {
  if (typeof caches === 'undefined') return;
  const answer = new Response(JSON.stringify(session), {
    headers: { 'content-type': 'application/json' },
  });
  void caches
    .open(offlineCaches.api)
    .then((cache) => cache.put(endpointPath('session'), answer))
    .catch(() => {
      // Refused storage (a private window) only costs the signed-in header offline.
    });
}
