import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const tessera = (args: string[], input?: string) =>
  spawnSync(process.execPath, [MAIN, 'sigmar', ...args], { input, encoding: 'utf8' });

describe('tessera sigmar', () => {
  it('gen prints seeded boards that solve reads back', () => {
    const gen = tessera(['gen', '--count', '3', '--seed', '5', '--template', 'star']);
    assert.equal(gen.status, 0, gen.stderr);
    const boards = gen.stdout.trim().split('\n');
    assert.equal(boards.length, 3);
    assert.ok(boards.every((b) => /^[_awfesvmq0-5]{91}$/.test(b)));
    // Board k of seed s is the board of seed s + k.
    const again = tessera(['gen', '--seed', '6', '--template', 'star']);
    assert.equal(again.stdout.trim(), boards[1]);
    const solved = tessera(['solve', '-'], gen.stdout);
    assert.equal(solved.status, 0);
    assert.match(solved.stdout, /line 1: solvable, 28 moves/);
    assert.match(solved.stdout, /solved 3 of 3\n$/);
  });
  it('solve exits 1 and says which boards fail', () => {
    const board = `f${'_'.repeat(89)}w`;
    const solved = tessera(['solve', '-'], `${board}\nnot a board\n`);
    assert.equal(solved.status, 1);
    assert.match(solved.stdout, /line 1: unsolvable/);
    assert.match(solved.stdout, /line 2: not a board: a board has 91 characters/);
    assert.match(solved.stdout, /solved 0 of 2/);
  });
  it('names a usage mistake in one line with status 2', () => {
    const bad = tessera(['gen', '--difficulty', 'brutal']);
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--difficulty must be one of easy, normal, hard/);
    const template = tessera(['gen', '--template', 'blob']);
    assert.equal(template.status, 2);
    assert.match(template.stderr, /unknown template "blob"/);
  });
  it('plays typed moves, undo and hints', () => {
    const board = `f${'_'.repeat(4)}f${'_'.repeat(79)}s${'_'.repeat(4)}s`;
    const play = tessera(['play', '--board', board], 'hint\nA1 K1\nundo\nA1 A6\nK1 K6\n');
    assert.equal(play.status, 0, play.stderr);
    assert.match(play.stdout, /Try A1\+A6\./);
    assert.match(play.stdout, /Cleared in 2 moves/);
  });
});
