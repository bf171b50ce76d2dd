import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TUI_GAMES } from '../games.ts';
import type { GameSummary } from './api.ts';
import {
  blockChange,
  cannotOpen,
  describeGame,
  listWindow,
  lobbyStatus,
  orderGames,
  selectedTerms,
  withdrawalOf,
  withdrawalQuestion,
} from './lobby-list.ts';

const listed = (id: number, fields: Partial<GameSummary> = {}): GameSummary => ({
  id,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'active',
  outcome: null,
  moveCount: 2,
  toMove: 'bob',
  rated: false,
  updatedAt: 0,
  ...fields,
});

describe('the lobby list', () => {
  it('puts challenges to me first, then my moves, then the rest, newest first in each', () => {
    const games = [
      listed(1),
      listed(2, { toMove: 'ann' }),
      listed(3, { players: ['bob', 'ann'], challenger: 'bob', moveCount: 0, toMove: 'bob' }),
      listed(4),
      listed(5, { toMove: 'ann' }),
    ];
    assert.deepEqual(
      orderGames('ann', games).map((g) => g.id),
      [3, 5, 2, 4, 1],
    );
  });

  it('says what each game waits for', () => {
    assert.equal(describeGame('ann', listed(7)), '#7 Warp and Weft vs bob, move 3: bob to move');
    assert.equal(
      describeGame('ann', listed(8, { toMove: 'ann', title: 'Atom-4', players: ['ann', 'computer'] })),
      '#8 Atom-4 vs computer, move 3: YOUR MOVE',
    );
    assert.equal(
      describeGame('ann', listed(9, { players: ['bob', 'ann'], challenger: 'bob', moveCount: 0 })),
      '#9 Warp and Weft vs bob, move 1: CHALLENGE from bob: Enter accept, d decline',
    );
    assert.equal(
      describeGame('ann', listed(10, { toMove: null })),
      '#10 Warp and Weft vs bob, move 3: nobody to move',
    );
  });

  it('offers Cancel on my own unanswered challenge and Decline on one to me, each with its terms', () => {
    const terms = { options: ['size 5'], sides: ['Warp (Vert)', 'Weft (Horz)'] };
    const mine = listed(11, { moveCount: 1, terms, timeLimit: { control: '3d', deadline: null } });
    assert.equal(
      describeGame('ann', mine),
      '#11 Warp and Weft vs bob, move 2: YOUR CHALLENGE, waiting for bob: d cancel [3d]',
    );
    assert.equal(withdrawalOf('ann', mine), 'cancel');
    assert.equal(
      withdrawalQuestion('ann', mine, 'cancel'),
      'Cancel your challenge #11, Warp and Weft to bob?',
    );
    assert.equal(withdrawalOf('bob', mine), 'decline');
    assert.equal(
      selectedTerms('bob', mine),
      'Terms: Warp and Weft, size 5 · 3 days per move · unrated · you play Weft (Horz), ann moves first',
    );
    // Once bob has moved the challenge is answered: no terms line, and only resigning is left.
    const answered = listed(12, { moveCount: 2, terms });
    assert.equal(withdrawalOf('ann', answered), null);
    assert.equal(selectedTerms('ann', answered), null);
  });

  it("offers to block a game's opponent, to unblock one blocked, and never the computer", () => {
    assert.deepEqual(blockChange('ann', listed(1), []), { user: 'bob', block: true });
    assert.deepEqual(blockChange('ann', listed(1), ['bob']), { user: 'bob', block: false });
    assert.equal(blockChange('ann', listed(2, { players: ['ann', 'computer'] }), []), null);
  });

  it('shows the part of a long list around the selected game', () => {
    assert.deepEqual(listWindow(3, 0, 10), { first: 0, at: 0 });
    assert.deepEqual(listWindow(20, 0, 5), { first: 0, at: 0 });
    assert.deepEqual(listWindow(20, 10, 5), { first: 8, at: 10 });
    assert.deepEqual(listWindow(20, 19, 5), { first: 15, at: 19 });
    assert.deepEqual(listWindow(4, 9, 5), { first: 0, at: 3 }, 'a selection past a shrunk list');
    assert.deepEqual(listWindow(0, 0, 5), { first: 0, at: 0 });
  });

  it('opens the games the terminal has a board for, and says so for the others', () => {
    assert.equal(cannotOpen(TUI_GAMES, listed(1)), null);
    assert.equal(cannotOpen(TUI_GAMES, listed(2, { gameType: 'atom4', title: 'Atom-4' })), null);
    assert.equal(
      cannotOpen(TUI_GAMES, listed(3, { gameType: 'sigmar', title: "Sigmar's Garden" })),
      "Sigmar's Garden cannot be played in the terminal client yet.",
    );
  });

  it('says in its status line how many games await my move, or that the live link is down', () => {
    const games = [listed(1), listed(2, { toMove: 'ann' }), listed(3, { toMove: 'ann' })];
    assert.equal(lobbyStatus('ann', games, { kind: 'open' }), '2 games await your move.');
    assert.equal(lobbyStatus('bob', games, { kind: 'open' }), '1 game awaits your move.');
    assert.equal(lobbyStatus('cid', games, { kind: 'open' }), 'No game awaits your move.');
    assert.match(lobbyStatus('ann', games, { kind: 'connecting', attempt: 2 }), /reconnecting.*behind/);
  });
});
