/**
 * A Vite plugin that reports what a first visit downloads: the entry chunk and every chunk it
 * imports statically (workers and lazily loaded pages come later), gzip-compressed as a server
 * would send them, and fails the build above the budget.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** First-load compressed JavaScript may not exceed this (bytes). */
export const FIRST_LOAD_BUDGET = 250_000;

/** Kilobytes of 1000 bytes, as Vite's own listing counts them. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function bundleReport(): Plugin {
  let quiet = false;
  return {
    name: 'tessera-bundle-report',
    apply: 'build',
    configResolved(config) {
      quiet = config.logLevel === 'error' || config.logLevel === 'silent';
    },
    writeBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
      );
      const firstLoad = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (!chunk || firstLoad.has(name)) return;
        firstLoad.add(name);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      let raw = 0;
      let gzip = 0;
      for (const name of firstLoad) {
        const code = (chunks.get(name) as { code: string }).code;
        raw += Buffer.byteLength(code);
        gzip += gzipSync(code, { level: 9 }).length;
      }
      const line = `first-load JavaScript: ${kb(gzip)} gzip (${kb(raw)} raw, ${firstLoad.size} file${
        firstLoad.size === 1 ? '' : 's'
      }); budget ${kb(FIRST_LOAD_BUDGET)}`;
      if (gzip > FIRST_LOAD_BUDGET) this.error(`${line}: over budget`);
      if (!quiet) console.log(`\n${line}`);
    },
  };
}
