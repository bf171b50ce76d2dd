/**
 * Every `tessera` command starts a process, so each loads only what it runs: the help and a PBeM
 * command load no game rules, no server, no database driver and no terminal interface. (How long
 * start-up takes is measured by `npm run bench -- cli`.)
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));

/** Records every module the process loads and writes the list to file descriptor 3 at exit. */
const RECORD_MODULES = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module';
import { writeSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => writeSync(3, loaded.join('\\n')));
`)}`;

function modulesLoadedBy(args: string[]): { status: number | null; modules: string[] } {
  const run = spawnSync(process.execPath, ['--import', RECORD_MODULES, bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  return { status: run.status, modules: String(run.output[3]).split('\n') };
}

const HEAVY =
  /\/node_modules\/(fastify|@fastify|pg|ink|react|@sinclair|ws|msgpackr|piscina)\/|\/src\/(server|store|engine|tui|web|workers)\/|\/src\/games\/(index\.ts|[^/]+\/index\.ts|[^/]+\/rules\.ts)$/;

describe('command start-up', () => {
  it('shows the help without loading any game, the server or the terminal interface', () => {
    const { status, modules } = modulesLoadedBy(['--help']);
    assert.equal(status, 0);
    assert.ok(
      modules.some((m) => m.endsWith('/src/cli/main.ts')),
      'the hook saw the modules',
    );
    assert.deepEqual(
      modules.filter((m) => HEAVY.test(m)),
      [],
    );
  });

  it('sends a PBeM command without loading any game, the server or the terminal interface', () => {
    // Port 1 refuses the connection: the command has loaded everything it needs by then.
    const { status, modules } = modulesLoadedBy(['pbm', '--server', 'http://127.0.0.1:1', 'help']);
    assert.equal(status, 2);
    assert.deepEqual(
      modules.filter((m) => HEAVY.test(m)),
      [],
    );
  });

  it('loads a game when a command plays it', () => {
    const { status, modules } = modulesLoadedBy(['board', 'warpweft', '--size', '2']);
    assert.equal(status, 0);
    assert.ok(modules.some((m) => m.endsWith('/src/games/warpweft/index.ts')));
  });
});
