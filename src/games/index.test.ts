import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAME_IDS, GAMES } from './index.ts';

describe('the game registry', () => {
  it('holds every game of GAME_IDS under its own id, in that order', () => {
    assert.deepEqual(Object.keys(GAMES), [...GAME_IDS]);
    for (const [key, game] of Object.entries(GAMES)) assert.equal(game.id, key);
  });
});
