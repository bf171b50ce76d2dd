import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Ended, exportText, resultText, resultWord } from './result.ts';

const players = ['ann', 'bob'];
const won: Ended = {
  players,
  status: 'finished',
  outcome: { kind: 'win', winner: 1, reason: 'Weft (Horz) connected their sides' },
};

describe('the words of a result', () => {
  it('names the players, not their seats', () => {
    assert.equal(resultText(won), 'bob wins: Weft (Horz) connected their sides');
    assert.equal(
      resultText(won, (u) => `${u} (Weft)`),
      'bob (Weft) wins: Weft (Horz) connected their sides',
    );
    const drawn: Ended = { players, status: 'finished', outcome: { kind: 'draw', reason: '2 to 2' } };
    assert.equal(resultText(drawn), 'ann and bob draw: 2 to 2');
    const declined: Ended = {
      players,
      status: 'void',
      outcome: { kind: 'draw', reason: 'bob declined the game' },
    };
    assert.equal(resultText(declined), 'Void: bob declined the game');
    const lost: Ended = {
      players: ['cy'],
      status: 'finished',
      outcome: { kind: 'loss', reason: 'no move remains' },
    };
    assert.equal(resultText(lost), 'cy lost: no move remains');
    assert.equal(resultText({ players, status: 'active', outcome: null }), '');
  });

  it('says in one word what a game was for a player', () => {
    assert.equal(resultWord(won, 'bob'), 'Won');
    assert.equal(resultWord(won, 'ann'), 'Lost');
    assert.equal(resultWord(won, 'cy'), 'Finished');
    assert.equal(
      resultWord({ players, status: 'finished', outcome: { kind: 'draw', reason: '' } }, 'ann'),
      'Drawn',
    );
    assert.equal(resultWord({ players, status: 'void', outcome: null }, 'ann'), 'Void');
  });

  it('exports a game as a header and its numbered moves', () => {
    const text = exportText({
      ...won,
      id: 12,
      title: 'Warp and Weft',
      gameType: 'warpweft',
      seats: [
        { user: 'ann', seat: 0, side: 'Warp (Vert)' },
        { user: 'bob', seat: 1, side: 'Weft (Horz)' },
      ],
      options: { size: 3, variant: 'thread' },
      createdAt: Date.UTC(2026, 10, 20),
      updatedAt: Date.UTC(2026, 10, 24, 18),
      moveCount: 3,
      moves: [
        { moveNo: 1, move: 'A7', auto: false },
        { moveNo: 2, move: 'G3', auto: true },
        { moveNo: 3, move: 'C5', auto: false },
      ],
    });
    assert.equal(
      text,
      [
        'Game:    Warp and Weft (warpweft)',
        'Board:   12',
        'Players: ann (Warp (Vert)) vs bob (Weft (Horz))',
        'Options: size=3 variant=thread',
        'Result:  bob (Weft (Horz)) wins: Weft (Horz) connected their sides',
        'Started: 2026-11-20',
        'Ended:   2026-11-24',
        'Moves:   3',
        '',
        '1. A7  2. G3*  3. C5',
        '',
      ].join('\n'),
    );
  });
});
