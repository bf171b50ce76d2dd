/**
 * The `tessera` command as a person or a script meets it: a mistake is one line and status 2, help
 * never reaches a server, a closed pipe ends a command quietly, `board` prints every game's board,
 * and an older Node.js either hands over to the project's own Node.js 24 or says in one line what
 * to do.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(root, 'bin', 'tessera.js');
const launcher = join(root, 'tessera');

const tessera = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });

/** A Node.js older than 24 on this machine (Debian's), if there is one. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    const run = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (run.status === 0 && Number(run.stdout.split('.')[0]) < 24) return candidate;
  }
  return undefined;
}

describe('the tessera command line', () => {
  it('answers an unknown command or option, or a missing argument, in one line with status 2', () => {
    for (const [args, said] of [
      [['bogus'], /^tessera: unknown command 'bogus' \(tessera --help lists the commands\)\n$/],
      [['--bogus'], /^tessera: unknown option '--bogus' \(tessera --help lists the commands\)\n$/],
      [['board'], /^tessera: missing required argument 'game' \(tessera board --help says more\)\n$/],
      [
        ['sigmar', 'solve'],
        /^tessera: missing required argument 'file' \(tessera sigmar solve --help says more\)\n$/,
      ],
      [
        ['sigmar', 'gen', '--nope'],
        /^tessera: unknown option '--nope' \(tessera sigmar gen --help says more\)\n$/,
      ],
      [['board', 'chess'], /^tessera: unknown game "chess": choose one of /],
    ] as const) {
      const run = tessera([...args]);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, said);
      assert.equal(run.stderr.split('\n').length, 2, `one line for ${args.join(' ')}`);
      assert.equal(run.stdout, '');
    }
  });

  it('shows the help with status 0', () => {
    const run = tessera(['--help']);
    assert.equal(run.status, 0);
    assert.match(run.stdout, /Usage: tessera/);
  });

  it('shows the pbm command’s help without reaching a server', () => {
    // Port 1 refuses connections: any attempt would end in "cannot reach".
    for (const args of [
      ['pbm', '--help'],
      ['pbm', '-h'],
      ['help', 'pbm'],
    ]) {
      const run = tessera(args, { TESSERA_SERVER: 'http://127.0.0.1:1' });
      assert.equal(run.status, 0, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stdout, /Usage: tessera pbm/);
      assert.doesNotMatch(run.stdout + run.stderr, /cannot reach/);
    }
  });

  it('prints the board of every game, Intricacy’s as its empty lock', () => {
    for (const game of ['intricacy', 'sigmar', 'atom4', 'warpweft']) {
      const run = tessera(['board', game]);
      assert.equal(run.status, 0, `${game}: ${run.stderr}`);
      assert.ok(run.stdout.length > 50, game);
    }
    assert.match(tessera(['board', 'intricacy']).stdout, /^intricacy lock size 5\n/);
    assert.match(tessera(['board', 'intricacy', '--size', '3']).stdout, /^intricacy lock size 3\n/);
    const big = tessera(['board', 'intricacy', '--size', '12']);
    assert.equal(big.status, 2);
    assert.match(big.stderr, /--size must be a whole number from 1 to 11, got "12"/);
  });

  it('ends quietly when what reads its output stops early (a closed pipe)', () => {
    for (const command of [
      `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} sigmar gen --count 200 --seed 1 --sloppy | head -c 10`,
      `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} sigmar gen --count 3 --seed 1 --sloppy | ${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} sigmar solve - | head -c 1`,
    ]) {
      const run = spawnSync('bash', ['-c', `set -o pipefail; ${command} >/dev/null`], { encoding: 'utf8' });
      assert.equal(run.stderr, '', command);
      assert.equal(run.status, 0, command);
    }
  });

  const older = olderNode();
  it('hands over to the project’s Node.js 24 when started by an older one', { skip: !older }, () => {
    const run = spawnSync(older as string, [bin, 'board', 'atom4'], { encoding: 'utf8' });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
    assert.match(run.stdout, /Player 1 to play red/);
    const missing = spawnSync(older as string, [bin, 'bogus'], { encoding: 'utf8' });
    assert.equal(missing.status, 2, 'the status comes back through the hand-over');
  });

  it('says in one line what to do when there is no Node.js 24 to hand over to', { skip: !older }, () => {
    // A copy of the command outside the project: no node_modules beside it.
    const away = mkdtempSync(join(tmpdir(), 'tessera-no-node-'));
    try {
      mkdirSync(join(away, 'bin'));
      copyFileSync(bin, join(away, 'bin', 'tessera.js'));
      const run = spawnSync(older as string, [join(away, 'bin', 'tessera.js'), '--help'], {
        encoding: 'utf8',
      });
      assert.equal(run.status, 1);
      assert.equal(run.stdout, '');
      assert.match(
        run.stderr,
        /^tessera: Tessera needs Node\.js 24 or later \(this is Node\.js v\d+[.\d]*\): run npm install in .+, then \.\/tessera\n$/,
      );
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it('runs from the ./tessera launcher the README names', () => {
    const run = spawnSync(launcher, ['board', 'atom4'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '/usr/bin:/bin' },
    });
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
    assert.match(run.stdout, /Player 1 to play red/);
  });
});
