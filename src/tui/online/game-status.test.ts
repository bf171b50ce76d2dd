import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clockLine, type GameClock } from '../../api/index.ts';
import type { OnlineGame } from '../../engine/index.ts';
import { isMyTurn, linkWords, screenFit, stoppedClock, turnWords, wrappedRows } from './game-status.ts';

const PLAYERS = ['ann', 'bob'];

const game = (fields: Partial<OnlineGame> = {}): OnlineGame => ({
  view: null,
  moves: [],
  movesFrom: 1,
  moveCount: 0,
  status: 'active',
  toMove: 'ann',
  outcome: null,
  pending: null,
  ...fields,
});

describe('the online game screen’s words', () => {
  it('says whose move it is, and that mine is on its way', () => {
    assert.equal(turnWords(game(), 'ann', 0, PLAYERS), 'YOUR MOVE.');
    assert.equal(isMyTurn(game(), 'ann'), true);
    assert.equal(turnWords(game({ toMove: 'bob' }), 'ann', 0, PLAYERS), 'bob to move.');
    assert.equal(turnWords(game({ toMove: null }), 'ann', 0, PLAYERS), 'nobody to move.');
    const sent = game({ pending: { moveNo: 1, before: game() } });
    assert.equal(turnWords(sent, 'ann', 0, PLAYERS), 'Your move is on its way to the server...');
    assert.equal(isMyTurn(sent, 'ann'), false);
  });

  it('says how the game ended, naming the players, and for me whether I won', () => {
    const won = game({
      status: 'finished',
      outcome: { kind: 'win', winner: 0, reason: 'bob (Weft) resigned' },
    });
    assert.equal(turnWords(won, 'ann', 0, PLAYERS), 'Game over: ann wins: bob (Weft) resigned. You win!');
    assert.equal(turnWords(won, 'bob', 1, PLAYERS), 'Game over: ann wins: bob (Weft) resigned. You lose.');
    assert.equal(
      turnWords(won, 'cat', -1, PLAYERS),
      'Game over: ann wins: bob (Weft) resigned.',
      'a spectator neither wins nor loses',
    );
    assert.equal(isMyTurn(won, 'ann'), false);
    const drawn = game({ status: 'finished', outcome: { kind: 'draw', reason: 'the rounds ended level' } });
    assert.equal(turnWords(drawn, 'ann', 0, PLAYERS), 'Game over: ann and bob draw: the rounds ended level.');
    const declined = game({ status: 'void', outcome: { kind: 'draw', reason: 'bob declined the game' } });
    assert.equal(turnWords(declined, 'ann', 0, PLAYERS), 'Void: bob declined the game.');
  });

  it('warns while the live link is down', () => {
    assert.equal(linkWords({ kind: 'open' }), '');
    assert.equal(linkWords({ kind: 'connecting', attempt: 0 }), 'Connecting to the server for live moves...');
    assert.equal(
      linkWords({ kind: 'connecting', attempt: 2 }),
      'Connection lost: reconnecting (attempt 2); the board may be behind.',
    );
  });

  it('drops the title, the keys, the note line and the column header in turn as rows run short', () => {
    assert.deepEqual(screenFit(24, 10), { header: true, noteLine: true, keys: true, title: true });
    assert.deepEqual(screenFit(24, 19), { header: true, noteLine: true, keys: true, title: false });
    assert.deepEqual(screenFit(24, 20), { header: true, noteLine: true, keys: false, title: false });
    assert.deepEqual(screenFit(24, 21), { header: true, noteLine: false, keys: false, title: false });
    assert.deepEqual(screenFit(24, 23), { header: false, noteLine: false, keys: false, title: false });
  });

  it('counts the lines a wrapped status or key line takes, and gives them room before the title', () => {
    assert.equal(wrappedRows('short', 80), 1);
    assert.equal(wrappedRows(`${'a'.repeat(40)} ${'b'.repeat(39)}`, 80), 1);
    assert.equal(wrappedRows(`${'a'.repeat(40)} ${'b'.repeat(40)}`, 80), 2);
    assert.equal(wrappedRows('x'.repeat(170), 80), 3);
    assert.deepEqual(screenFit(24, 19, 1, 2), { header: true, noteLine: true, keys: false, title: false });
    assert.deepEqual(screenFit(24, 17, 2, 2), { header: true, noteLine: true, keys: true, title: false });
    assert.deepEqual(screenFit(24, 10, 2, 2), { header: true, noteLine: true, keys: true, title: true });
    // Atom-4's 18 rows have no column header: two lines of keys and the title still fit.
    assert.deepEqual(screenFit(24, 18, 1, 2, 0), { header: true, noteLine: true, keys: true, title: true });
  });

  it('stops the clock of a game that is over', () => {
    const D = 86_400_000;
    const clock: GameClock = {
      control: '3d',
      daysPerMove: 3,
      bankDays: 0,
      at: 0,
      toMove: 0,
      deadline: 3 * D,
      seats: [
        { remainingMs: 3 * D, bankMs: 0, vacationUntil: null },
        { remainingMs: 3 * D, bankMs: 0, vacationUntil: null },
      ],
    };
    const later = 2 * D;
    assert.equal(
      clockLine(stoppedClock(clock, 'active'), PLAYERS, later),
      'Clock 3 days/move: >ann 1d · bob 3d',
    );
    assert.equal(
      clockLine(stoppedClock(clock, 'finished'), PLAYERS, later),
      'Clock 3 days/move: ann 3d · bob 3d',
    );
  });
});
