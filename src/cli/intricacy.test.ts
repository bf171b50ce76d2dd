/** The `tessera intricacy` commands, run as a user runs them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');
const tessera = (args: string[], input?: string) =>
  spawnSync(process.execPath, [join(ROOT, 'src/cli/main.ts'), 'intricacy', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
  });

describe('tessera intricacy', () => {
  it('check accepts a valid lock by name and reports problems with status 1', () => {
    const good = tessera(['check', 'tutorial/pull']);
    assert.equal(good.status, 0);
    assert.match(good.stdout, /tutorial\/pull: a valid lock/);
    const dir = mkdtempSync(join(tmpdir(), 'intricacy-'));
    const file = join(dir, 'bad.lock');
    writeFileSync(file, 'intricacy lock size 3\n');
    const bad = tessera(['check', file]);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /line 2, column 1: the picture of a size 3 lock has 7 lines/);
  });

  it('solve prints a shortest solution and its length', () => {
    const r = tessera(['solve', 'tutorial/pull']);
    assert.equal(r.status, 0, r.stderr);
    const [moves, summary] = r.stdout.trim().split('\n');
    assert.equal(moves?.split(' ').length, 7);
    assert.match(summary ?? '', /^length 7 \(shortest; .* verified by replay\)$/);
    const short = tessera(['solve', 'tutorial/pull', '--max-moves', '6']);
    assert.equal(short.status, 1);
    assert.match(short.stdout, /no solution of 6 moves or fewer/);
  });

  it('replay prints each turn, its blockages and whether the lock opens', () => {
    const solution = tessera(['solve', 'tutorial/pull']).stdout.split('\n')[0] as string;
    const r = tessera(['replay', 'tutorial/pull', '--moves', solution]);
    assert.equal(r.status, 0);
    assert.equal(r.stdout.match(/^turn \d+: /gm)?.length, 7);
    assert.match(r.stdout, /blocked: phase 2: push E on piece 4 \(block A\) resisted at push E on the hook/);
    assert.match(r.stdout, /open after 7 turns\n$/);
    const bad = tessera(['replay', 'tutorial/pull', '--moves', 'hE zz']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--moves: move 2: "zz" is not a move/);
  });

  it('play reads keys, undoes and redoes, and prints the solution when open', () => {
    const r = tessera(['play', 'tutorial/pull'], 'l l z x u u u k h\n');
    assert.equal(r.status, 0);
    assert.match(r.stdout, /OPEN!/);
    assert.match(r.stdout, /Solution \(7 turns\): hE hE hNE hNE hNE h\+ hW/);
  });
});
