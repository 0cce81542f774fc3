import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `npm run dev -w apps/server` listens. The server also serves dist/ in production. */
const apiOrigin = 'http://localhost:3000';

// The server refuses state-changing requests whose Origin is not its own, so the dev proxy
// presents the server's origin instead of Vite's.
const toServer = { target: apiOrigin, changeOrigin: true, headers: { origin: apiOrigin } };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': toServer, '/storage': toServer },
  },
});
