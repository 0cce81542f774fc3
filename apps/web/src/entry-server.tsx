// The server's renderer of a page's first screen (built by `vite build --ssr` into dist-ssr/ and
// loaded by the server at run time). The HTML it returns goes inside `<div id="root">`, with the
// same data embedded beside it, and the browser hydrates it: a phone paints the feed and starts
// the first photo as soon as the HTML and the stylesheet arrive, without waiting for the script.
import type { FirstScreen } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { seedFirstScreen } from '@/lib/first-screen';
import { setRenderOrigin } from '@/lib/image-sources';
import { createQueryClient } from '@/lib/query-client';
import { routerFuture } from '@/lib/router-future';
import { AppRoot } from './app/app-root';

/** The home's address: the only page drawn on the server so far. */
function HomeRouting({ children }: { children: ReactNode }) {
  return (
    <StaticRouter location="/" future={routerFuture}>
      {children}
    </StaticRouter>
  );
}

export function renderFirstScreen(data: FirstScreen, origin: string): string {
  // Rendering is synchronous, so one request's origin cannot leak into another's render.
  setRenderOrigin(origin);
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, data);
  try {
    return renderToString(<AppRoot queryClient={queryClient} router={HomeRouting} />);
  } finally {
    queryClient.clear();
  }
}
