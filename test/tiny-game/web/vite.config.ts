import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The browser client built with Tiny Nim added, for the test that plays it; not part of the app. */
export const TINY_WEB_ROOT = fileURLToPath(new URL('../../../test-output/tiny-web/', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  build: { outDir: TINY_WEB_ROOT, emptyOutDir: true },
  worker: { format: 'es' },
  logLevel: 'error',
});
