import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAME_IDS, GAMES } from './index.ts';

describe('the game registry', () => {
  it('holds every game of GAME_IDS under its own id, in that order', () => {
    assert.deepEqual(Object.keys(GAMES), [...GAME_IDS]);
    for (const [key, game] of Object.entries(GAMES)) assert.equal(game.id, key);
  });
});

describe('the computer players in the game contract', () => {
  it('answer a legal move at the start of every game that has one', () => {
    for (const game of Object.values(GAMES)) {
      if (!game.ai) continue;
      const state = game.setup((game.parseOptions(undefined) as { value: unknown }).value, 1);
      const move = game.ai.chooseMove(state, { seed: 1, timeUp: () => true, level: 0 });
      const text = game.formatMove(move, state);
      assert.ok(game.play(state, move).ok, `${game.id}: ${text} is not legal`);
    }
  });

  it('are offered by the two-player games', () => {
    assert.deepEqual(
      Object.values(GAMES)
        .filter((g) => g.ai)
        .map((g) => g.id),
      ['atom4', 'warpweft'],
    );
  });
});
