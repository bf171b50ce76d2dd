import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

// The browser client. `npm run build:web` writes dist/web, which the server serves.
export default defineConfig({
  root: here,
  base: '/',
  build: { outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)), emptyOutDir: true },
  worker: { format: 'es' },
  // `npm run dev:web` talks to a server started with `npx tessera serve`.
  server: {
    proxy: {
      '/api': 'http://localhost:27001',
      '/ws': { target: 'ws://localhost:27001', ws: true },
    },
  },
});
