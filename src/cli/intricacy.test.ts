/** The `tessera intricacy` commands, run as a user runs them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INITIATION, TUTORIAL } from '../games/intricacy/curriculum.ts';

const ROOT = join(import.meta.dirname, '../..');
const tessera = (args: string[], input?: string) =>
  spawnSync(process.execPath, [join(ROOT, 'src/cli/main.ts'), 'intricacy', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    input,
  });

describe('tessera intricacy', () => {
  it('check accepts a valid lock by name and reports problems with status 1', () => {
    const good = tessera(['check', 'tutorial/05-hook']);
    assert.equal(good.status, 0);
    assert.match(good.stdout, /tutorial\/05-hook: a valid lock/);
    const dir = mkdtempSync(join(tmpdir(), 'intricacy-'));
    const file = join(dir, 'bad.lock');
    writeFileSync(file, 'intricacy lock size 3\n');
    const bad = tessera(['check', file]);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /line 2, column 1: the picture of a size 3 lock has 7 lines/);
  });

  it('solve prints a shortest solution and its length', () => {
    const r = tessera(['solve', 'tutorial/05-hook']);
    assert.equal(r.status, 0, r.stderr);
    const [moves, summary] = r.stdout.trim().split('\n');
    assert.equal(moves?.split(' ').length, 7);
    assert.match(summary ?? '', /^length 7 \(shortest; .* verified by replay\)$/);
    const short = tessera(['solve', 'tutorial/05-hook', '--max-moves', '6']);
    assert.equal(short.status, 1);
    assert.match(short.stdout, /no solution of 6 moves or fewer/);
  });

  it('replay prints each turn, its blockages and whether the lock opens', () => {
    const solution = tessera(['solve', 'tutorial/05-hook']).stdout.split('\n')[0] as string;
    const r = tessera(['replay', 'tutorial/05-hook', '--moves', solution]);
    assert.equal(r.status, 0);
    assert.equal(r.stdout.match(/^turn \d+: /gm)?.length, 7);
    assert.match(r.stdout, /blocked: phase 2: push E on piece 4 \(block A\) resisted at push E on the hook/);
    assert.match(r.stdout, /open after 7 turns\n$/);
    const bad = tessera(['replay', 'tutorial/05-hook', '--moves', 'hE zz']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--moves: move 2: "zz" is not a move/);
  });

  it('play reads keys, undoes and redoes, and prints the solution when open', () => {
    const r = tessera(['play', 'tutorial/05-hook'], 'l l z x u u u k h\n');
    assert.equal(r.status, 0);
    assert.match(r.stdout, /OPEN!/);
    assert.match(r.stdout, /Solution \(7 turns\): hE hE hNE hNE hNE h\+ hW/);
  });

  it('tutorial and initiation --list print each lock with its shortest solution length', () => {
    for (const [command, course] of [
      ['tutorial', TUTORIAL],
      ['initiation', INITIATION],
    ] as const) {
      const r = tessera([command, '--list']);
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.equal(lines.length, course.length);
      lines.forEach((line, i) => {
        const [name, shortest] = line.trim().split(/\s+/);
        assert.deepEqual([name, Number(shortest)], [course[i]?.name, course[i]?.shortest], line);
      });
    }
  });

  it('tutorial plays a lock after its teaching text and names the next one', () => {
    const r = tessera(['tutorial', '1'], 'hE hE hE hNE h+ hSW\n');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^1\/\d+ Winning \(tutorial\/01-winning, 6 turns at best\)\nA lock is open when/);
    assert.match(r.stdout, /OPEN!/);
    assert.match(r.stdout, /Next: \.\/tessera intricacy tutorial 2\n$/);
    const byName = tessera(['tutorial', '05-hook'], 'hE hE hNE hNE hNE h+ hW\n');
    assert.match(byName.stdout, /The hook \(tutorial\/05-hook, 7 turns at best\)/);
    assert.match(byName.stdout, /Solution \(7 turns\)/);
    const bad = tessera(['initiation', '99']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /no initiation lock "99": give 1 to \d+ or a name/);
  });
});
