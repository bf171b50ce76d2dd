import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type AnyGame, playText } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import type { GameShow, GameSummary } from './api.ts';
import { acceptOwn, applyFrame, confirmedMoves, fromShow, playOwn, refuseOwn } from './game-state.ts';
import { isChallengeTo } from './lobby-screen.ts';

const game = warpweft as unknown as AnyGame;
const start = warpweft.setup({ size: 3, variant: 'thread' }, 0);
const after = (...moves: string[]) =>
  moves.reduce<unknown>((s, m) => {
    const next = playText(game, s, m);
    if (!next.ok) throw new Error(next.error);
    return next.value;
  }, start);

const show: GameShow = {
  id: 7,
  game: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'active',
  outcome: null,
  moveCount: 0,
  toMove: 'ann',
  options: { size: 3, variant: 'thread' },
  seats: [],
  moves: [],
  view: start,
  board: '',
};

describe('online game state', () => {
  it('shows our move at once, and takes it back with the server refusal', () => {
    const before = fromShow(show);
    const mine = playOwn(game, before, 'ann', 'e7');
    assert.ok(mine.ok);
    assert.equal(mine.move, 'E7', 'sent in the game notation');
    assert.equal(mine.moveNo, 1);
    assert.deepEqual(mine.state.moves, ['E7']);
    assert.deepEqual(mine.state.view, after('E7'));
    assert.equal(refuseOwn(mine.state, 1), before);
  });

  it('refuses locally what cannot be sent: not our turn, a move already on its way, a bad move', () => {
    const before = fromShow(show);
    assert.match((playOwn(game, before, 'bob', 'E7') as { error: string }).error, /ann's move/);
    const mine = playOwn(game, before, 'ann', 'E7');
    assert.ok(mine.ok);
    assert.match((playOwn(game, mine.state, 'ann', 'A1') as { error: string }).error, /Waiting/);
    assert.equal(playOwn(game, before, 'ann', 'Z99').ok, false);
  });

  it('takes the echo of our own move and then the opponent move from frames', () => {
    const mine = playOwn(game, fromShow(show), 'ann', 'E7');
    assert.ok(mine.ok);
    const echo = applyFrame(game, mine.state, {
      type: 'move',
      game: 7,
      moveNo: 1,
      move: 'E7',
      moveCount: 1,
      status: 'active',
      toMove: 'bob',
      outcome: null,
    });
    assert.equal(echo.pending, null);
    assert.equal(echo.toMove, 'bob');
    assert.deepEqual(echo.view, after('E7'));
    // Frames without a view are applied with the rules; a repeat changes nothing.
    const reply = {
      type: 'move',
      game: 7,
      moveNo: 2,
      move: 'A1',
      moveCount: 2,
      status: 'active',
      toMove: 'ann',
    };
    const theirs = applyFrame(game, echo, reply);
    assert.deepEqual(theirs.moves, ['E7', 'A1']);
    assert.deepEqual(theirs.view, after('E7', 'A1'));
    assert.equal(applyFrame(game, theirs, { ...reply, moveNo: 1, move: 'E7' }), theirs);
    // The server's late HTTP answer to our move does not undo what frames told us since.
    assert.equal(
      acceptOwn(theirs, 1, { moveCount: 1, status: 'active', toMove: 'bob', outcome: null }),
      theirs,
    );
  });

  it("drops our pending move when the opponent's move took its number", () => {
    // Bob has the move; our board wrongly thinks it is ours (a stale view) and we move.
    const stale = { ...fromShow(show), toMove: 'ann' };
    const mine = playOwn(game, stale, 'ann', 'E7');
    assert.ok(mine.ok);
    assert.equal(confirmedMoves(mine.state), 0, 'resubscribe from before the unconfirmed move');
    const theirs = applyFrame(game, mine.state, {
      type: 'move',
      game: 7,
      moveNo: 1,
      move: 'I7',
      moveCount: 1,
      status: 'active',
      toMove: 'ann',
    });
    assert.equal(theirs.pending, null);
    assert.deepEqual(theirs.moves, ['I7']);
    assert.deepEqual(theirs.view, after('I7'), 'applied to the position before our move');
  });

  it('ends the game on an end frame', () => {
    const ended = applyFrame(game, fromShow(show), {
      type: 'end',
      game: 7,
      status: 'finished',
      outcome: { kind: 'win', winner: 0, reason: 'bob resigned' },
    });
    assert.equal(ended.status, 'finished');
    assert.equal(ended.toMove, null);
    assert.equal(playOwn(game, ended, 'ann', 'E7').ok, false);
  });
});

describe('challenges in the lobby', () => {
  const summary = (players: string[], challenger: string | null, moveCount: number): GameSummary => ({
    ...show,
    players,
    challenger,
    moveCount,
  });
  it('is a challenge to you when someone else challenged you and you have not moved', () => {
    assert.equal(isChallengeTo('ann', summary(['bob', 'ann'], 'bob', 0)), true);
    assert.equal(isChallengeTo('ann', summary(['bob', 'ann'], 'bob', 1)), true);
    assert.equal(isChallengeTo('ann', summary(['bob', 'ann'], 'bob', 2)), false);
    assert.equal(isChallengeTo('ann', summary(['ann', 'bob'], 'bob', 0)), true);
    assert.equal(isChallengeTo('ann', summary(['ann', 'bob'], 'ann', 0)), false);
    assert.equal(isChallengeTo('ann', summary(['ann', 'bob'], null, 0)), false);
  });
});
