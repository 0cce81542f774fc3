import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev -w apps/server` listens. The server also serves dist/ in production. */
const apiOrigin = 'http://localhost:3000';

// The server refuses state-changing requests whose Origin is not its own, so the dev proxy
// presents the server's origin instead of Vite's.
const toServer = { target: apiOrigin, changeOrigin: true, headers: { origin: apiOrigin } };

/**
 * Chunks are named for what they hold. What every page needs from libraries (React, the icons)
 * gets its own chunk, cached across releases of the app's code; other shared chunks (zod, the
 * Radix parts of the dialogs) take the name of the package most of their modules come from,
 * where rollup would name one after its first module (a `button` chunk held zod).
 */
const chunkGroups = [
  // The router with React: every page needs both, and left to itself the router was cut into a
  // chunk of its own (one more request, compressed apart) once a few lazy pages used it.
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@remix-run[\\/]router)[\\/]/,
  },
  // Lucide's shared code, not its icons: each icon goes with the chunks that draw it. All of them
  // here put 22 icons of pages opened later in the first script (1.5 KB of its gzip).
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/ },
  // TanStack Query's two packages in one chunk: both are on every page.
  { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
];

function sharedChunkName(chunk: Rolldown.PreRenderedChunk): string {
  if (chunk.isEntry || chunk.isDynamicEntry || chunkGroups.some((g) => g.name === chunk.name))
    return chunk.name;
  const counts = new Map<string, number>();
  for (const id of chunk.moduleIds) {
    const pkg = /node_modules[\\/]((?:@[^/\\]+[\\/])?[^/\\]+)/.exec(id)?.[1] ?? 'app';
    counts.set(pkg, (counts.get(pkg) ?? 0) + 1);
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['shared'];
  if (top === 'app') {
    // Our own modules shared by several lazy parts: named after the first of them.
    const own = chunk.moduleIds.find((id) => !id.includes('node_modules') && !id.startsWith('\0'));
    return own ? path.basename(own).replace(/\.[jt]sx?$/, '') : 'runtime';
  }
  return top
    .replace(/^@/, '')
    .replace(/[\\/]/g, '-')
    .replace(/-ui-react-/, '-');
}

/**
 * Modules whose parts the browser loads lazily, swapped on the server for a `.server.tsx` twin
 * that draws the same boundary at once: the first screen hydrates them a moment after the rest,
 * and the first script does without their code (renderToString cannot wait for a lazy part).
 */
const serverDrawnLazyParts = [
  { folder: 'app/routes', module: './home-parts' },
  // A post's video player (it loads with the first video a page shows).
  { folder: 'features/post/components', module: './video-overlay-part' },
].map(({ folder, module }) => ({
  find: module,
  replacement: fileURLToPath(
    new URL(`./src/${folder}/${module.slice(2)}.server.tsx`, import.meta.url),
  ),
}));

/**
 * The server's renderer of first screens (`src/entry-server.tsx`), beside dist/ rather than in
 * it: dist/ is served to browsers.
 */
const ssrBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
};

/**
 * Chunks every page's first script already loads. A lazy part's import lists the chunks to fetch
 * beside it; these are never worth listing (the list, repeated in the first script for every
 * lazy part, cost about 1 KB of its gzip budget). If one stops being in the first script, the
 * browser still fetches it, one step later, through the import itself.
 */
const alwaysLoaded =
  /^assets\/(runtime|react|icons|tanstack-query|messages|limits|paths|query-keys)-[\w-]+\.js$/;

/**
 * Pages few people open, and rarely (the admin page, a password reset, the settings pages and Edit profile): their parts are fetched
 * when the page's own chunk asks for them, one step later, rather than listed in the first
 * script for every visitor (each name listed there is bytes of its gzip budget).
 */
const rarePages =
  /^assets\/(admin|password-reset|account-settings|account-edit|explore-people|people)-[\w-]+\.js$/;

/**
 * Parts drawn over something already on screen (a video's player over its poster): what they
 * need is fetched once they have come, one step later, rather than listed in the first script.
 */
const drawnOverShown = /^assets\/video-overlay-[\w-]+\.js$/;

/**
 * Shared parts under ~350 bytes of gzip: listing one in the first script costs about a tenth of
 * its own size, for every visitor; fetching it one step later, on the page that needs it, costs
 * a round trip for a file that small.
 */
const tinyParts =
  /^assets\/(roles|error-box|unread-count|load-error|story-trays|unfollow-dialog|confirm-delete-dialog|video-uploads|use-exclusive-mutation|username|story-location|use-back-closes|image-files|story-ring|upload-progress|story-image|avatar-link)-[\w-]+\.js$/;

const clientBuild = {
  outDir: 'dist',
  modulePreload: {
    // No polyfill: every browser of the build's target but Safari 16 preloads modules itself, and
    // the polyfill (0.3 KB of the first script's gzip) only fetched earlier, on those, what the
    // imports then fetch anyway; the first screen's own preloads come from the boot script.
    polyfill: false,
    // Only for lazy parts: the page's own modulepreload links stay whole.
    resolveDependencies: (
      file: string,
      dependencies: string[],
      context: { hostType: 'html' | 'js' },
    ) =>
      context.hostType !== 'js'
        ? dependencies
        : rarePages.test(file) || drawnOverShown.test(file)
          ? []
          : dependencies.filter(
              (dependency) => !alwaysLoaded.test(dependency) && !tinyParts.test(dependency),
            ),
  },
  emptyOutDir: true,
  rolldownOptions: {
    output: {
      codeSplitting: { groups: chunkGroups },
      chunkFileNames: (chunk: Rolldown.PreRenderedChunk) =>
        `assets/${sharedChunkName(chunk)}-[hash].js`,
    },
  },
};

/** The page's own colours (index.css): the installed app's splash and status bar match them. */
const appColors = { background: '#ffffff', theme: '#ffffff' };

/**
 * The installed app: its manifest, its icons (drawn at build from the one source image,
 * favicon.svg, by the assets generator: 64/192/512 px, a maskable 512 and Apple's 180) and the
 * service worker (src/service-worker/sw.ts, built with Workbox and given the list of built files
 * to keep). The page registers the worker itself, once its first photo has been painted.
 */
const installedApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: {
    name: 'Pinhole',
    short_name: 'Pinhole',
    description: 'Share photos with your friends.',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: appColors.background,
    theme_color: appColors.theme,
    // Photos shared from the phone's gallery to the installed app open the create dialog.
    share_target: {
      action: '/share',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { files: [{ name: 'photos', accept: ['image/*'] }] },
    },
  },
  pwaAssets: {
    image: 'public/favicon.svg',
    preset: 'minimal-2023',
    overrideManifestIcons: true,
    injectThemeColor: false,
  },
  injectManifest: {
    // The built files a page can need offline (their precompressed copies are the same files).
    globPatterns: ['**/*.{js,css,html,woff2,svg,png,ico}'],
    globIgnores: ['sw.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is what `npm start` serves: always React's production build. Vite keeps a NODE_ENV it
  // inherits (vitest sets `test`, and the e2e journeys build through `npm start`) and would bundle
  // the development build; the config is the place Vite reads it from after the environment.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), installedApp],
    resolve: {
      alias: [
        // Parts the browser hydrates from a lazy chunk are drawn at once on the server.
        ...(isSsrBuild ? serverDrawnLazyParts : []),
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ],
    },
    build: isSsrBuild ? ssrBuild : clientBuild,
    // The renderer carries its libraries, built for production: the server loads one file, and
    // React's development build (picked at run time when NODE_ENV is unset) never renders pages.
    ssr: { noExternal: true },
    ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
    server: {
      proxy: { '/api': toServer, '/storage': toServer },
    },
  };
});
