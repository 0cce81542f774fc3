// First: it configures zod before anything can load it.
import '@/lib/zod-jitless';
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/800.css';
import '@fontsource/grand-hotel/400.css';
import './index.css';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { readFirstScreen, seedFirstScreen } from '@/lib/first-screen';
import { rememberMissingAddress } from '@/lib/missing-address';
import { createQueryClient } from '@/lib/query-client';
import { keepSessionForOffline } from '@/lib/offline/kept-session';
import { routerFuture } from '@/lib/router-future';
import { applyThemeChoice } from '@/lib/theme';
import { AppRoot } from './app/app-root';

// Before anything draws: a device that chose Light or Dark sees it from the first frame the app draws.
applyThemeChoice();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function BrowserRouting({ children }: { children: ReactNode }) {
  return <BrowserRouter future={routerFuture}>{children}</BrowserRouter>;
}

const queryClient = createQueryClient();
const firstScreen = readFirstScreen();
if (firstScreen) {
  seedFirstScreen(queryClient, firstScreen);
  keepSessionForOffline(firstScreen.session);
  rememberMissingAddress(firstScreen, window.location.pathname);
}

// As a transition React renders (or hydrates) the first screen in slices of a few milliseconds,
// yielding to the browser between them: on a phone, one long task of ~20 posts became many
// short ones. The server drew the first screen into #root when it could (the home page): the
// browser then hydrates it instead of drawing it again.
startTransition(() => {
  const app = <AppRoot queryClient={queryClient} router={BrowserRouting} />;
  if (firstScreen && root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

// After the first paint and the first photo: the worker's install fetches every built file. Its
// code is a chunk of its own, as it does nothing for the first screen (fetched once the page has
// loaded, when the registration would wait for anyway).
const registerWorker = () =>
  import('@/lib/offline/service-worker')
    .then(({ registerServiceWorkerLater }) => registerServiceWorkerLater())
    .catch((error: unknown) => console.error('Error loading the service worker', error));
if (document.readyState === 'complete') void registerWorker();
else window.addEventListener('load', () => void registerWorker(), { once: true });
