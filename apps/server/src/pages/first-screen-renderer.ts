import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FirstScreen } from '@pinhole/contracts';

/** `renderFirstScreen` of the web client's server build (`apps/web/src/entry-server.tsx`). */
export type RenderFirstScreen = (data: FirstScreen, origin: string) => string;

/**
 * Loads the web client's renderer of first screens, built beside the client into dist-ssr/.
 * Read again when the file changes (a rebuild while the server runs), like index.html. Without
 * the file (an older build) there is no server rendering and the page works as before: the
 * browser draws it from the embedded data.
 */
export function firstScreenRenderer(entryPath: string) {
  let loaded: { render: RenderFirstScreen | null; modifiedMs: number } | undefined;

  return async function renderer(): Promise<RenderFirstScreen | null> {
    const stat = await fs.promises.stat(entryPath).catch(() => null);
    if (!stat) return null;
    if (loaded?.modifiedMs !== stat.mtimeMs) {
      const url = `${pathToFileURL(entryPath).href}?v=${stat.mtimeMs}`;
      const module = (await import(url)) as { renderFirstScreen?: RenderFirstScreen };
      loaded = { render: module.renderFirstScreen ?? null, modifiedMs: stat.mtimeMs };
    }
    return loaded.render;
  };
}
