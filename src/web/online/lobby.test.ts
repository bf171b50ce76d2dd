import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tiny } from '../../../test/tiny-game/rules.ts';
import { type AnyGame, GAMES } from '../../games/index.ts';
import type { WebGames } from '../web-game.ts';
import { firstChoice, onlineTypes } from './lobby.ts';

const type = (id: string) => ({ id, title: id, computer: true });
const games: WebGames = {
  sigmar: { game: GAMES.sigmar as AnyGame, blurb: '' },
  warpweft: { game: GAMES.warpweft as AnyGame, blurb: '', online: {} },
  tiny: { game: tiny, blurb: '', online: {} },
};

describe('the online lobby', () => {
  it('offers for challenges the games this client plays online, as the server lists them', () => {
    const types = ['atom4', 'sigmar', 'tiny', 'warpweft', 'constructor'].map(type);
    assert.deepEqual(
      onlineTypes(types, games).map((t) => t.id),
      ['tiny', 'warpweft'],
    );
  });

  it('picks Warp and Weft first where the server has it, else its first game', () => {
    assert.equal(firstChoice(['atom4', 'warpweft'].map(type)), 'warpweft');
    assert.equal(firstChoice(['tiny'].map(type)), 'tiny');
  });
});
