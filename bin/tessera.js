#!/usr/bin/env node
// The `tessera` command. npm scripts and npx put the project's pinned Node.js 24 first on PATH.
import { enableCompileCache } from 'node:module';

// Node keeps each module it has type-stripped and compiled in a cache on disk and reuses it while
// the file is unchanged: without it every command strips and compiles all its TypeScript again.
// The cache is os.tmpdir()/node-compile-cache unless NODE_COMPILE_CACHE names another directory;
// deleting it is always safe (it is rebuilt on the next run). Worker threads and child processes
// inherit it through the environment.
const cache = enableCompileCache();
if (cache.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

// Imported only now, so that the cache covers it.
await import('../src/cli/main.ts');
