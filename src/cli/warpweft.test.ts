import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
const tessera = (args: string[], input = '') =>
  spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 30_000 });

describe('tessera board and warpweft commands', () => {
  it('prints the empty standard board, identical to the seed at size 4', () => {
    const run = tessera(['board', 'warpweft']);
    assert.equal(run.status, 0, run.stderr);
    const expected = readFileSync(new URL('../games/warpweft/seed-board.txt', import.meta.url), 'utf8');
    assert.equal(run.stdout.trimEnd(), expected.trimEnd());
  });

  it('prints the compact board of another size and variant', () => {
    const run = tessera(['board', 'warpweft', '--size', '6', '--compact', '--variant', 'patch']);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.stdout.split('\n').every((l) => l.length <= 80));
    assert.match(run.stdout, /^ {6}A B C/);
  });

  it('refuses bad options with one clear line and status 2', () => {
    for (const [args, message] of [
      [['board', 'warpweft', '--size', '9'], /size must be a whole number from 2 to 6/],
      [['board', 'warpweft', '--size', 'big'], /--size must be a whole number/],
      [['board', 'chess'], /unknown game "chess"/],
      [['board', 'constructor'], /unknown game "constructor"/],
      [['warpweft', 'play', '--vs', 'cat'], /--vs must be one of bot, human/],
    ] as const) {
      const run = tessera([...args]);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    }
  });

  it('plays a game between two people by typed moves to the end', () => {
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2';
    const run = tessera(
      ['warpweft', 'play', '--size', '2', '--vs', 'human'],
      `${moves.replaceAll(' ', '\n')}\n`,
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Warp \(Vert\) plays A7\./);
    assert.match(run.stdout, /Weft \(Horz\) plays G3\./);
    assert.match(run.stdout, /Warp \(Vert\) wins: Warp \(Vert\) connected their sides\./);
  });

  it('explains an illegal move and lets the player try again; undo takes a move back', () => {
    const run = tessera(
      ['warpweft', 'play', '--size', '2', '--vs', 'human'],
      'B6\nQ1\nA7\nundo\nmoves\nquit\n',
    );
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /Illegal move: you cannot claim that piece: it is a patch and you are Threading/,
    );
    assert.match(run.stdout, /Illegal move: there is no column Q/);
    assert.match(run.stdout, /> A7 E7 C5 G5 A3 E3 C1 G1\n/, 'after undo Warp may claim A7 again');
  });

  it('plays against the bot, which answers every move', () => {
    const run = tessera(['warpweft', 'play', '--size', '2', '--think', '20'], 'A7\nquit\n');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Warp \(Vert\) \[you\] plays A7\.\nWeft \(Horz\) \[computer\] plays \w+\./);
  });
});
