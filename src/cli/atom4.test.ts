import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { replay } from './atom4-actions.ts';

const run = (moves: string, round = 1, json = true) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = replay(
    moves,
    round,
    json,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { status, lines: out.map((l) => JSON.parse(l)), err };
};

describe('atom4 replay', () => {
  it('prints one JSON object per ply with the board after it', () => {
    const { status, lines } = run('8,6 9,6 7,6');
    assert.equal(status, 0);
    assert.equal(lines.length, 3);
    // Red on (8,6) turns the green at (7,7) yellow; the purple at (8,7) keeps its red bit.
    assert.deepEqual(lines[0], {
      ply: 1,
      player: 1,
      move: [8, 6],
      board: [
        ...Array(6).fill('................'),
        '........b.......',
        '.......df.......',
        ...Array(8).fill('................'),
      ],
      winner: null,
    });
    // Yellow on (9,6) turns the purple red; green on (7,6) turns the red at (8,6) yellow.
    assert.equal(lines[1].player, 2);
    assert.equal(lines[1].board[6], '........bd......');
    assert.equal(lines[1].board[7], '.......db.......');
    assert.equal(lines[2].board[6], '.......cdd......');
  });

  it('uses the opening and colour order of the round given', () => {
    const { lines } = run('8,8', 2);
    assert.equal(lines[0].player, 2);
    // Round 2 opens cyan at (7,7) and red at (8,7); yellow takes the blue out of the cyan.
    assert.equal(lines[0].board[7], '.......cb.......');
    assert.equal(lines[0].board[8], '........d.......');
  });

  it('stops at an illegal move after printing the plies before it', () => {
    const { status, lines, err } = run('8,6 0,0 9,6');
    assert.equal(status, 1);
    assert.equal(lines.length, 1);
    assert.match(err.join('\n'), /move 2 \(0,0\) is illegal: .*does not touch two pieces/);
    assert.equal(run('8,6 banana').status, 1);
    assert.equal(run('8,6 next').status, 1);
  });

  it('reports the winner on the winning ply and refuses moves after it', () => {
    // A game (played by the AI against itself) in which player 1 lines up four whites on row 5.
    const game =
      '8,6 7,6 9,6 9,7 8,5 7,5 9,5 10,6 9,4 6,7 8,4 9,8 8,3 10,7 7,4 10,8 6,5 8,8 6,6 10,4 7,8 7,3 10,5 11,6 11,4 11,5 6,4';
    const { status, lines } = run(game);
    assert.equal(status, 0);
    assert.equal(lines.length, 27);
    assert.ok(lines.slice(0, -1).every((l) => l.winner === null));
    assert.equal(lines[26].winner, 1);
    assert.equal(lines[26].player, 1);
    assert.equal(lines[26].board[5], '......hhhhbd....');
    assert.equal(lines[25].board[5].includes('hhhh'), false);
    const more = run(`${game} 5,5`);
    assert.equal(more.status, 1);
    assert.equal(more.lines.length, 27);
    assert.match(more.err.join(''), /round 1 is over/);
  });

  it('exits with status 1 from the command line, printing nothing for a first illegal move', () => {
    const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
    const bad = spawnSync(process.execPath, [bin, 'atom4', 'replay', '--moves', '7,7', '--json'], {
      encoding: 'utf8',
    });
    assert.equal(bad.status, 1);
    assert.equal(bad.stdout, '');
    assert.match(bad.stderr, /already holds a green piece/);
  });
});

describe('atom4 play without a terminal (one command per line)', () => {
  const bin = fileURLToPath(new URL('../../bin/tessera.js', import.meta.url));
  const play = (args: string[], lines: string[]) =>
    spawnSync(process.execPath, [bin, 'atom4', 'play', ...args], {
      input: `${lines.join('\n')}\n`,
      encoding: 'utf8',
      timeout: 60_000,
    });
  // Player 1 lines up four whites on row 5 with the last of these (see the replay test above).
  const round =
    '8,6 7,6 9,6 9,7 8,5 7,5 9,5 10,6 9,4 6,7 8,4 9,8 8,3 10,7 7,4 10,8 6,5 8,8 6,6 10,4 7,8 7,3 10,5 11,6 11,4 11,5 6,4';

  it('plays a round between two people; the finished round waits for n', () => {
    const run = play(['--rounds', '2'], [...round.split(' '), '5,5', 'n', 'q']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /Player 1 moves \(6,4\)\nPlayer 1 WINS!!/);
    assert.match(run.stdout, /Press n for the next round\n/);
    assert.match(run.stdout, /Round 2: Player 2 starts\n/);
    assert.match(run.stdout, /Round 2 of 2 {3}score 1 : 0\nPlayer 2 to play yellow/);
  });

  it('lets the computer answer each placement, and refuses an illegal one with the reason', () => {
    const run = play(['--ai', '2', '--level', '0'], ['0,0', '8,6', 'q']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /You can't put a marble here: \(0,0\) does not touch two pieces that touch each other/,
    );
    assert.match(run.stdout, /Player 1 moves \(8,6\)\nPlayer 2 moves \(\d+,\d+\)\n/);
  });
});
