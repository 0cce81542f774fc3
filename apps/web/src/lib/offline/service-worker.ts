import { whenIdle } from '@/lib/when-idle';
import { personalCaches } from './cache-names';

/** Longest the registration waits for an idle moment once the page has loaded. */
const registerIdleWaitMs = 5_000;

/**
 * Registers the service worker once the page has loaded and the browser is idle: after the
 * first photo has been painted, so its install (which fetches every built file for offline use)
 * never shares a phone's bandwidth with what the reader is waiting for. Only built apps have
 * one (the dev server serves none).
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    whenIdle(() => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // No worker (a private window, a refused scope) only costs reading offline.
      });
    }, registerIdleWaitMs);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Keys of this device's storage that hold what the signed-in person did (their searches). */
const personalStoragePrefixes = ['pinhole:recent-searches:'];

/**
 * Forgets what the person who signed out saw and did on this device: the API answers, pages and
 * photos kept for reading offline, photos shared to the app, their recent searches, and this
 * device's push subscription. The next person on a shared phone,
 * online or not, finds none of it.
 */
export async function clearPersonalData(): Promise<void> {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (personalStoragePrefixes.some((prefix) => key.startsWith(prefix))) {
        window.localStorage.removeItem(key);
      }
    }
  } catch {
    // Refused storage holds nothing to forget.
  }
  // Their pushes stop coming to this device (the push service then tells the server it is gone).
  try {
    const worker = await navigator.serviceWorker?.getRegistration();
    await (await worker?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // No worker or no push here: nothing was subscribed.
  }
  if (typeof caches === 'undefined') return;
  await Promise.all(personalCaches.map((name) => caches.delete(name).catch(() => false)));
}
