import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Where `npm run dev -w apps/server` listens. The server also serves dist/ in production. */
const apiOrigin = 'http://localhost:3000';

// The server refuses state-changing requests whose Origin is not its own, so the dev proxy
// presents the server's origin instead of Vite's.
const toServer = { target: apiOrigin, changeOrigin: true, headers: { origin: apiOrigin } };

export default defineConfig(({ command }) => {
  // A build is what `npm start` serves: always React's production build. Vite keeps a NODE_ENV it
  // inherits (vitest sets `test`, and the e2e journeys build through `npm start`) and would bundle
  // the development build; the config is the place Vite reads it from after the environment.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: { outDir: 'dist', emptyOutDir: true },
    server: {
      proxy: { '/api': toServer, '/storage': toServer },
    },
  };
});
