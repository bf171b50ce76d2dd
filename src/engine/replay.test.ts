import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameShow } from '../api/index.ts';
import { type AnyGame, playText } from '../games/game.ts';
import { warpweft } from '../games/warpweft/index.ts';
import { loadReplay, moveParam, replayCaption, replayViews, stepTo } from './replay.ts';

const game = warpweft as unknown as AnyGame;
const start = warpweft.setup({ size: 3, variant: 'thread' }, 0);
/** The first legal move at each turn, `count` times: a game's moves in notation. */
const someMoves = (count: number): string[] => {
  const moves: string[] = [];
  let state: unknown = start;
  for (let i = 0; i < count; i++) {
    const move = game.formatMove(game.legalMoves(state)[0], state);
    const next = playText(game, state, move);
    if (!next.ok) throw new Error(next.error);
    moves.push(move);
    state = next.value;
  }
  return moves;
};

const showOf = (moves: readonly string[], from: number, limit: number): GameShow => ({
  id: 7,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'finished',
  outcome: { kind: 'win', winner: 0, reason: 'bob (Weft (Horz)) resigned' },
  moveCount: moves.length,
  toMove: null,
  rated: true,
  updatedAt: 0,
  options: { size: 3, variant: 'thread' },
  seats: [],
  asOf: 0,
  movesFrom: from,
  moves: moves.slice(from - 1, from - 1 + limit).map((move, i) => ({
    moveNo: from + i,
    seat: (from + i + 1) % 2,
    move,
    auto: false,
    at: 0,
  })),
  view: start,
  board: '',
  compact: false,
  createdAt: 0,
});

describe('replaying a server game', () => {
  it('rebuilds every position from the start, and stops at a move that does not replay', () => {
    const moves = someMoves(4);
    const views = replayViews(game, start, moves);
    assert.equal(views.length, 5);
    assert.deepEqual(views[0], start);
    const one = playText(game, start, moves[0] ?? '');
    assert.ok(one.ok);
    assert.deepEqual(views[1], one.value);
    assert.notDeepEqual(views[4], views[3]);
    assert.equal(replayViews(game, start, [...moves.slice(0, 2), 'Z99', moves[2] ?? '']).length, 3);
  });

  it('reads the start and the whole move log, a page at a time', async () => {
    const moves = someMoves(6);
    const asked: string[] = [];
    // A server whose pages hold 4 moves, whatever the page asked for.
    const get = async (path: string) => {
      asked.push(path);
      const from = Number(/from=(\d+)/.exec(path)?.[1]);
      return showOf(moves, from, 4);
    };
    const replay = await loadReplay(game, 7, get);
    assert.deepEqual(replay.moves, moves);
    assert.equal(replay.views.length, 7);
    assert.deepEqual(asked, ['/api/games/7?at=0&from=1&limit=500', '/api/games/7?at=0&from=5&limit=500']);
    assert.equal(replay.show.outcome?.kind, 'win');
  });

  it('reads ?move=K within the game, steps within it and says where it is', () => {
    assert.equal(moveParam('?move=3', 10), 3);
    assert.equal(moveParam('?move=30', 10), 10, 'past the end: the last position');
    assert.equal(moveParam('?move=0', 10), 0);
    assert.equal(moveParam('?move=-1', 10), null);
    assert.equal(moveParam('?move=x', 10), null);
    assert.equal(moveParam('', 10), null);
    assert.equal(stepTo(0, 'back', 10), 0);
    assert.equal(stepTo(3, 'back', 10), 2);
    assert.equal(stepTo(10, 'forward', 10), 10);
    assert.equal(stepTo(3, 'first', 10), 0);
    assert.equal(stepTo(3, 'last', 10), 10);
    assert.equal(replayCaption(0, ['A1', 'B2']), 'Start of the game (2 moves)');
    assert.equal(replayCaption(2, ['A1', 'B2']), 'Move 2 of 2: B2');
  });
});
