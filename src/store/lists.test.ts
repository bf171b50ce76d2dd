/**
 * A player's lists of games on both backends (PostgreSQL with TEST_DATABASE_URL): each game is
 * listed with its position as it now is, lent by the cached record of that version when there is
 * one (not read and parsed again), and read afresh when another process moved the game since.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createAuthority, type GameRecord } from '../engine/index.ts';
import { GAMES } from '../games/index.ts';
import { type WarpWeftState, warpweft } from '../games/warpweft/index.ts';
import { openStore, type Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

onEachBackend('lists of games', (backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
  });
  const authority = (port: Store) => createAuthority({ port, games: GAMES, now: () => 1_000_000 });
  const play = async (port: Store, game: GameRecord, user: string) => {
    const state = (await port.loadGame(game.id))?.state as WarpWeftState;
    const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
    const moved = await authority(port).move({ gameId: game.id, user, move });
    assert.ok(moved.ok, 'moved');
    return moved.value.game;
  };
  const listed = async (port: Store, id: number) => {
    const found = (await port.listGames('ann', 'active', null, 200)).find((g) => g.id === id);
    assert.ok(found, 'listed');
    return found;
  };

  it('lists a game with the position its last move left, shared with the record just committed', async () => {
    const made = await authority(store).create({
      gameType: 'warpweft',
      players: ['ann', 'bob'],
      options: { size: 3 },
      seed: 1,
    });
    assert.ok(made.ok);
    const committed = await play(store, made.value, 'ann');
    const game = await listed(store, committed.id);
    assert.equal(game.version, committed.version);
    assert.equal(game.state, committed.state, 'the committed position itself, not a copy');
    assert.equal((game.state as WarpWeftState).ply, 1);
    const live = (await store.liveGames('warpweft', 30)).find((g) => g.id === committed.id);
    assert.equal(live?.state, committed.state);
  });

  it('lists the position another process left, not the one this process holds', async (t) => {
    // One process owns a SQLite file: only PostgreSQL has another process to move the game.
    if (backend === 'sqlite') return t.skip('one process owns a SQLite file');
    const other = await openStore(opened.config());
    try {
      const made = await authority(store).create({
        gameType: 'warpweft',
        players: ['ann', 'bob'],
        options: { size: 3 },
        seed: 2,
      });
      assert.ok(made.ok);
      const mine = await play(store, made.value, 'ann');
      const theirs = await play(other, mine, 'bob');
      const game = await listed(store, mine.id);
      assert.equal(game.version, theirs.version);
      assert.deepEqual(game.state, theirs.state);
      assert.equal((game.state as WarpWeftState).ply, 2);
      assert.equal(game.toMove, 'ann');
    } finally {
      await other.close();
    }
  });
});
