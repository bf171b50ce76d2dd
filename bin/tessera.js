#!/usr/bin/env node
// The `tessera` command. It needs Node.js 24, which `npm install` puts in node_modules: started by
// an older Node.js (Debian's, say), it hands over to that one, or says in one line what to do.
// This file is plain JavaScript that any Node.js can read; the rest of Tessera is TypeScript.
const NEEDED = 24;

if (Number(process.versions.node.split('.')[0]) < NEEDED) {
  // Loaded only here: a command on Node.js 24 has no use for them.
  const { spawn } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const own = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(own)) {
    process.stderr.write(
      `tessera: Tessera needs Node.js ${NEEDED} or later (this is Node.js ${process.version}): ` +
        `run npm install in ${root}, then ./tessera\n`,
    );
    process.exit(1);
  }
  // The child has the terminal; a Ctrl-C reaches it, and its status (or signal) becomes ours.
  const child = spawn(own, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1);
  });
} else {
  // Node keeps each module it has type-stripped and compiled in a cache on disk and reuses it
  // while the file is unchanged: without it every command strips and compiles all its TypeScript
  // again. The cache is os.tmpdir()/node-compile-cache unless NODE_COMPILE_CACHE names another
  // directory; deleting it is always safe (it is rebuilt on the next run). Worker threads and child
  // processes inherit it through the environment.
  const { enableCompileCache } = await import('node:module');
  const cache = enableCompileCache();
  if (cache.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;
  // Imported only now, so that the cache covers it.
  await import('../src/cli/main.ts');
}
