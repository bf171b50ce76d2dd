import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tiny } from '../../test/tiny-game/rules.ts';
import { type AnyGame, GAMES } from '../games/index.ts';
import { gameCards, pageAt, playerAt, sitePages, tabTitle } from './routes.ts';
import type { WebGames } from './web-game.ts';

const Page = () => null;
const games: WebGames = {
  atom4: { game: GAMES.atom4 as AnyGame, blurb: 'Mix light.', Page, online: {} },
  intricacy: {
    game: GAMES.intricacy as AnyGame,
    blurb: 'Pick locks.',
    Page,
    pages: { '/intricacy/edit': { title: 'Intricacy lock editor', render: () => 'editor' } },
  },
  tiny: { game: tiny, blurb: 'Take counters.', online: {} },
};

describe('the pages of the browser client', () => {
  it('gives each game with a page of its own a lobby card, titled by its rules', () => {
    assert.deepEqual(gameCards(games), [
      { path: '/atom4', title: 'Atom-4', blurb: 'Mix light.' },
      { path: '/intricacy', title: 'Intricacy', blurb: 'Pick locks.' },
    ]);
  });

  it("finds the lobby, each game's pages and a server game, ignoring a trailing slash", () => {
    const pages = sitePages(games, () => 'lobby');
    assert.deepEqual(Object.keys(pages), ['/', '/atom4', '/intricacy', '/intricacy/edit']);
    assert.equal(pageAt('/', pages, String)?.render(), 'lobby');
    assert.equal(pageAt('/atom4/', pages, String)?.title, 'Atom-4');
    assert.equal(pageAt('/intricacy/edit', pages, String)?.render(), 'editor');
    const game = pageAt('/game/12', pages, (id) => `game ${id}`);
    assert.equal(game?.title, 'Game 12');
    assert.equal(game?.render(), 'game 12');
  });

  it('has no page for an unknown path, nor for a name every object has', () => {
    const pages = sitePages(games, () => 'lobby');
    assert.equal(pageAt('/nowhere', pages, String), undefined);
    assert.equal(pageAt('/constructor', pages, String), undefined);
    assert.equal(pageAt('/game/x', pages, String), undefined);
  });

  it('finds the player of a profile page, and no player in a malformed name', () => {
    assert.equal(playerAt('/player/Ann_2'), 'Ann_2');
    assert.equal(playerAt('/player/bob/'), 'bob');
    assert.equal(playerAt('/player/2ann'), undefined);
    assert.equal(playerAt('/player/'), undefined);
    assert.equal(playerAt('/player/ann/games'), undefined);
  });

  it('titles the browser tab after the page', () => {
    assert.equal(tabTitle('Tessera'), 'Tessera');
    assert.equal(tabTitle('Atom-4'), 'Atom-4 · Tessera');
  });
});
