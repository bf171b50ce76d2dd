import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { bundleReport } from './bundle-report.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

// The browser client. `npm run build:web` writes dist/web, which the server serves.
export default defineConfig({
  root: here,
  base: '/',
  build: { outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)), emptyOutDir: true },
  worker: { format: 'es' },
  // Prints the first-load compressed JavaScript and fails the build over 250 kB.
  plugins: [bundleReport()],
  // `npm run dev:web` talks to a server started with `./tessera serve`.
  server: {
    proxy: {
      '/api': 'http://localhost:27001',
      '/ws': { target: 'ws://localhost:27001', ws: true },
    },
  },
});
