import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FrameOf, GameShow } from '../api/index.ts';
import { type AnyGame, playText } from '../games/game.ts';
import { warpweft } from '../games/warpweft/index.ts';
import {
  acceptOwn,
  applyFrame,
  confirmedMoves,
  dropLostOwn,
  fromShow,
  isChallengeTo,
  type ListedGame,
  playOwn,
  refuseOwn,
  withEarlier,
} from './online-game.ts';

const game = warpweft as unknown as AnyGame;
const start = warpweft.setup({ size: 3, variant: 'thread' }, 0);
const after = (...moves: string[]) =>
  moves.reduce<unknown>((s, m) => {
    const next = playText(game, s, m);
    if (!next.ok) throw new Error(next.error);
    return next.value;
  }, start);

// A game as the server's API shows it (GET /api/games/7).
const show: GameShow = {
  id: 7,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'active',
  outcome: null,
  moveCount: 0,
  toMove: 'ann',
  rated: true,
  updatedAt: 0,
  options: { size: 3, variant: 'thread' },
  seats: [],
  asOf: 0,
  movesFrom: 1,
  moves: [],
  view: start,
  board: '',
  compact: false,
  createdAt: 0,
};

/** A move frame as game 7's subscribers get it; by default the game is just after the move. */
const moveFrame = (moveNo: number, move: string, more: Partial<FrameOf<'move'>> = {}): FrameOf<'move'> => ({
  type: 'move',
  gameId: 7,
  moveNo,
  seat: (moveNo + 1) % 2,
  move,
  auto: false,
  at: 0,
  moveCount: moveNo,
  status: 'active',
  toMove: moveNo % 2 === 1 ? 'bob' : 'ann',
  outcome: null,
  ...more,
});

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
    const echo = applyFrame(game, mine.state, moveFrame(1, 'E7'));
    assert.equal(echo.pending, null);
    assert.equal(echo.toMove, 'bob');
    assert.deepEqual(echo.view, after('E7'));
    // Frames without a view are applied with the rules; a repeat changes nothing.
    const reply = moveFrame(2, 'A1');
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
    const theirs = applyFrame(game, mine.state, moveFrame(1, 'I7', { seat: 1, toMove: 'ann' }));
    assert.equal(theirs.pending, null);
    assert.deepEqual(theirs.moves, ['I7']);
    assert.deepEqual(theirs.view, after('I7'), 'applied to the position before our move');
  });

  it('leaves no phantom move when our pending move was lost and a state frame arrives', () => {
    const mine = playOwn(game, fromShow(show), 'ann', 'E7');
    assert.ok(mine.ok);
    assert.equal(confirmedMoves(mine.state), 0, 'resubscribe from the last confirmed move');
    // The connection dropped before the server got E7; its state frame has no move yet.
    const caughtUp = applyFrame(game, mine.state, {
      type: 'state',
      gameId: 7,
      moveCount: 0,
      status: 'active',
      toMove: 'ann',
      outcome: null,
      view: start,
    });
    assert.deepEqual(caughtUp.moves, [], 'no phantom E7 in the move list');
    assert.equal(caughtUp.pending, null);
    assert.equal(caughtUp.moveCount, 0);
    assert.equal(caughtUp.toMove, 'ann');
    // Played again, the move is listed once, and once more after its echo.
    const again = playOwn(game, caughtUp, 'ann', 'E7');
    assert.ok(again.ok);
    assert.deepEqual(again.state.moves, ['E7']);
    const echo = applyFrame(game, again.state, moveFrame(1, 'E7'));
    assert.deepEqual(echo.moves, ['E7']);
    assert.deepEqual(echo.view, after('E7'));
    assert.equal(echo.pending, null);
  });

  it('after resubscribing, drops a pending move the server never got, and keeps one it has', () => {
    const before = fromShow(show);
    const mine = playOwn(game, before, 'ann', 'E7');
    assert.ok(mine.ok);
    assert.equal(dropLostOwn(mine.state, 0), before, 'the server holds no move: E7 was lost');
    assert.equal(dropLostOwn(mine.state, 1), mine.state, 'the server has E7: its echo follows');
    assert.equal(dropLostOwn(before, 0), before, 'nothing pending, nothing to drop');
  });

  it('holds a page of a long game, numbered from where it starts, and puts earlier pages before it', () => {
    // The server shows moves 3 and 4 of a game of 4 moves (a page of 2).
    const moves = ['E7', 'A1', 'I7', 'A5'];
    const page = {
      ...show,
      moveCount: 4,
      movesFrom: 3,
      moves: [{ move: 'I7' }, { move: 'A5' }],
      view: after(...moves),
    };
    const held = fromShow(page);
    assert.deepEqual([held.movesFrom, held.moves], [3, ['I7', 'A5']]);
    // A repeat of a move before the page changes nothing; the next move is added to it.
    assert.equal(applyFrame(game, held, moveFrame(1, 'E7', { moveCount: 4, toMove: 'bob' })), held);
    const next = applyFrame(game, held, moveFrame(5, 'C3'));
    assert.deepEqual([next.movesFrom, next.moves, next.moveCount], [3, ['I7', 'A5', 'C3'], 5]);
    // The page before, and a page that does not meet the moves held, which is ignored.
    const all = withEarlier(next, { movesFrom: 1, moves: [{ move: 'E7' }, { move: 'A1' }] });
    assert.deepEqual([all.movesFrom, all.moves], [1, [...moves, 'C3']]);
    assert.equal(withEarlier(next, { movesFrom: 1, moves: [{ move: 'E7' }] }), next);
    // A state frame past the moves held keeps none; the list starts again from the next move.
    const jumped = applyFrame(game, next, {
      type: 'state',
      gameId: 7,
      moveCount: 6,
      status: 'active',
      toMove: 'bob',
      outcome: null,
      view: after(...moves),
    });
    assert.deepEqual([jumped.movesFrom, jumped.moves], [7, []]);
    const resumed = applyFrame(game, jumped, moveFrame(7, 'C3', { view: start }));
    assert.deepEqual([resumed.movesFrom, resumed.moves, resumed.moveCount], [7, ['C3'], 7]);
    // A page that stops short of the position (asked of an older server) lists nothing.
    const short = fromShow({ ...page, moves: [{ move: 'I7' }] });
    assert.deepEqual([short.movesFrom, short.moves], [5, []]);
  });

  it('takes in a backlog a page at a time, showing nobody to move until it has caught up', () => {
    const before = { ...fromShow(show), toMove: 'ann' };
    // The server holds 3 moves; the first page brings 2 of them, without views.
    const backlog = { moveCount: 3, toMove: 'bob' };
    const first = applyFrame(game, before, moveFrame(1, 'E7', backlog));
    const second = applyFrame(game, first, moveFrame(2, 'A1', backlog));
    assert.equal(second.moveCount, 2, 'the view has taken in 2 moves');
    assert.equal(second.toMove, null, 'nobody to move while catching up');
    assert.equal(confirmedMoves(second), 2, 'the next page starts after move 2');
    assert.equal(playOwn(game, second, 'ann', 'I7').ok, false);
    const caughtUp = applyFrame(
      game,
      second,
      moveFrame(3, 'I7', { ...backlog, view: after('E7', 'A1', 'I7') }),
    );
    assert.deepEqual([caughtUp.moveCount, caughtUp.toMove, caughtUp.moves], [3, 'bob', ['E7', 'A1', 'I7']]);
  });

  it('ends the game on an end frame', () => {
    const ended = applyFrame(game, fromShow(show), {
      type: 'end',
      gameId: 7,
      moveCount: 0,
      status: 'finished',
      outcome: { kind: 'win', winner: 0, reason: 'bob resigned' },
    });
    assert.equal(ended.status, 'finished');
    assert.equal(ended.toMove, null);
    assert.equal(playOwn(game, ended, 'ann', 'E7').ok, false);
  });
});

describe('challenges in the lobby', () => {
  const summary = (players: string[], challenger: string | null, moveCount: number): ListedGame => ({
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
