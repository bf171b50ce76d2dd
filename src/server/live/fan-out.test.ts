/**
 * A game watched by many sockets: each move reaches its players at once and its spectators a slice
 * of FAN_OUT_SLICE at a time, one slice per turn of the event loop, so that other work (every other
 * player's move) runs between slices instead of waiting for all of them; every watcher still gets
 * every frame once and in order, and one that stops watching gets no more.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { GameEvent } from '../../engine/index.ts';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { openStore, type Store } from '../../store/index.ts';
import { createService, type Service } from '../service/index.ts';
import { FAN_OUT_SLICE } from './fan-out.ts';
import { type Connection, createHub, type ServerFrame } from './hub.ts';

const WATCHERS = 2 * FAN_OUT_SLICE + 7;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('a move watched by many sockets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-fan-out-'));
  let store: Store;
  let service: Service;
  /** The events the service committed, handed to the hub by the test. */
  const events: GameEvent[] = [];
  before(async () => {
    store = await openStore({ dataDir: dir });
    service = createService({ store, games: GAMES, botGames: new Set(), onEvent: (e) => events.push(e) });
    for (const user of ['ann', 'bob']) assert.ok((await service.signup(user, 'pass1234', null)).ok);
  });
  after(async () => {
    await service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const watcher = (user: string | null) => {
    const frames: ServerFrame[] = [];
    const conn: Connection = { user: () => user, send: (frame) => frames.push(frame) };
    return { conn, frames, moves: () => frames.flatMap((f) => (f.type === 'move' ? [f.moveNo] : [])) };
  };
  const play = async (user: string, gameId: number) => {
    const state = (await store.loadGame(gameId))?.state as never;
    const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
    assert.ok((await service.move(user, gameId, move)).ok);
    return events.splice(0).find((e) => e.kind === 'move') as GameEvent;
  };

  it('sends the players theirs at once and the spectators a slice a turn, in order', async () => {
    const hub = createHub(store, GAMES);
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 6 });
    assert.ok(made.ok);
    const id = made.value.id;
    const player = watcher('bob');
    const spectators = Array.from({ length: WATCHERS }, () => watcher(null));
    for (const w of [player, ...spectators]) assert.equal(await hub.subscribe(w.conn, id), null);
    const first = await play('ann', id);
    const second = await play('bob', id);
    const leaving = spectators.at(-1) as ReturnType<typeof watcher>;

    hub.local(first);
    hub.local(second);
    hub.unsubscribe(leaving.conn, id);
    const reached = () => spectators.filter((w) => w.moves().length > 0).length;
    assert.deepEqual(player.moves(), [1, 2], 'the player at once');
    assert.equal(reached(), FAN_OUT_SLICE, 'one slice of the spectators at once');
    await nextTurn();
    assert.equal(reached(), 2 * FAN_OUT_SLICE, 'another in the next turn');
    for (let turn = 0; turn < 10; turn++) await nextTurn();
    for (const w of spectators.slice(0, -1)) assert.deepEqual(w.moves(), [1, 2]);
    assert.deepEqual(leaving.moves(), [], 'nothing after it stopped watching');
  });
});
