import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FrameOf, GameSummary } from '../api/index.ts';
import { applyNotice, awaitingMove, noticeText } from './game-notices.ts';

type Notice = FrameOf<'notice'>;

const game = (id: number, over: Partial<GameSummary> = {}): GameSummary => ({
  id,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'active',
  outcome: null,
  moveCount: 0,
  toMove: 'bob',
  rated: true,
  updatedAt: 0,
  ...over,
});
const notice = (kind: Notice['notice'], g: GameSummary, chat?: Notice['chat']): Notice => ({
  type: 'notice',
  notice: kind,
  game: g,
  ...(chat ? { chat } : {}),
});

describe('your games as notices change them', () => {
  it('a challenge comes first; a change keeps its place; an end takes the game off', () => {
    const listed = [game(2), game(1)];
    const challenged = applyNotice(listed, notice('challenge', game(3)));
    assert.deepEqual(
      challenged.map((g) => g.id),
      [3, 2, 1],
    );
    const moved = applyNotice(challenged, notice('update', game(2, { moveCount: 1, toMove: 'ann' })));
    assert.deepEqual(
      moved.map((g) => [g.id, g.toMove]),
      [
        [3, 'bob'],
        [2, 'ann'],
        [1, 'bob'],
      ],
    );
    const over = applyNotice(moved, notice('game-over', game(3, { status: 'void', toMove: null })));
    assert.deepEqual(
      over.map((g) => g.id),
      [2, 1],
    );
  });

  it('counts the games awaiting your move', () => {
    const games = [game(1), game(2, { toMove: 'ann' }), game(3)];
    assert.equal(awaitingMove('bob', games), 2);
    assert.equal(awaitingMove('cid', games), 0);
  });

  it("keeps a listed game's time control through a notice, which does not carry it", () => {
    const timed = game(5, { timeLimit: { control: '3d+7d', deadline: 1000 } });
    const after = applyNotice([timed], notice('your-move', game(5, { moveCount: 1, toMove: 'ann' })));
    assert.deepEqual(after[0]?.timeLimit, { control: '3d+7d', deadline: null });
    assert.equal(after[0]?.toMove, 'ann');
  });

  it('says what happened in one line, and nothing for a mere update', () => {
    assert.equal(noticeText(notice('challenge', game(4))), 'ann challenges you to Warp and Weft #4');
    assert.equal(noticeText(notice('your-move', game(4))), 'Your move in Warp and Weft #4');
    assert.equal(
      noticeText(notice('game-over', game(4, { status: 'void' }))),
      'Warp and Weft #4 was declined',
    );
    const cancelled = game(4, {
      status: 'void',
      outcome: { kind: 'draw', reason: 'ann cancelled the challenge' },
    });
    assert.equal(
      noticeText(notice('game-over', cancelled)),
      'ann cancelled the challenge to Warp and Weft #4',
    );
    const won = game(4, {
      status: 'finished',
      outcome: { kind: 'win', winner: 1, reason: 'Weft (Horz) connected their sides' },
    });
    assert.equal(
      noticeText(notice('game-over', won)),
      'Warp and Weft #4 is over: bob wins: Weft (Horz) connected their sides',
    );
    const line = { id: 1, gameId: 4, user: 'ann', text: 'hi', at: 0 };
    assert.equal(noticeText(notice('chat', game(4), line)), 'ann in Warp and Weft #4: hi');
    assert.equal(
      noticeText(notice('time-running-out', game(4))),
      'Your time in Warp and Weft #4 is running out',
    );
    assert.equal(noticeText(notice('update', game(4))), null);
  });
});
