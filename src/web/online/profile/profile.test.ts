import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameSummary, RatingPoint } from '../../../api/index.ts';
import {
  byGameType,
  chartData,
  gameResult,
  opponentsOf,
  pointLabel,
  recordText,
  resultWord,
} from './profile.ts';

const point = (
  gameId: number,
  at: number,
  before: number,
  after: number,
  gameType = 'atom4',
): RatingPoint => ({
  gameType,
  gameId,
  opponent: 'bob',
  score: after > before ? 1 : 0,
  before,
  after,
  at,
});

const summary = (over: Partial<GameSummary>): GameSummary => ({
  id: 1,
  gameType: 'atom4',
  title: 'Atom-4',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'finished',
  outcome: { kind: 'win', winner: 1, reason: 'four in a row' },
  moveCount: 9,
  toMove: null,
  rated: true,
  updatedAt: 0,
  ...over,
});

describe('what a profile page says and draws', () => {
  it('charts the rating from before the first result, then after each, game by game', () => {
    assert.deepEqual(chartData([]), [[], []]);
    // Two results in the same second are still drawn apart.
    const points = [point(1, 10_000, 1500, 1516.4), point(2, 10_000, 1516.4, 1499.6)];
    assert.deepEqual(chartData(points), [
      [0, 1, 2],
      [1500, 1516, 1500],
    ]);
    assert.equal(pointLabel(points, 0), 'start');
    assert.match(pointLabel(points, 2), /^2 \(.*1970\)$/);
    assert.equal(pointLabel(points, null), '--');
  });

  it('groups the history by game, each oldest first', () => {
    const groups = byGameType([
      point(1, 1, 1500, 1516),
      point(2, 2, 1500, 1490, 'warpweft'),
      point(3, 3, 1516, 1530),
    ]);
    assert.deepEqual(
      [...groups].map(([type, points]) => [type, points.map((p) => p.gameId)]),
      [
        ['atom4', [1, 3]],
        ['warpweft', [2]],
      ],
    );
  });

  it('says a game’s result from the player’s side', () => {
    assert.equal(gameResult(summary({}), 'bob'), 'won');
    assert.equal(gameResult(summary({}), 'ann'), 'lost');
    assert.equal(gameResult(summary({ outcome: { kind: 'draw', reason: 'full board' } }), 'ann'), 'drawn');
    assert.equal(gameResult(summary({ status: 'active', outcome: null }), 'ann'), 'playing');
    assert.equal(gameResult(summary({ status: 'void', outcome: null }), 'ann'), 'void');
    assert.deepEqual(opponentsOf(summary({}), 'ann'), ['bob']);
  });

  it('words a result and a record', () => {
    assert.deepEqual([1, 0.5, 0].map(resultWord), ['won', 'drew', 'lost']);
    assert.equal(recordText({ wins: 2, losses: 1, draws: 0 }), '2 won, 1 lost, 0 drawn');
  });
});
