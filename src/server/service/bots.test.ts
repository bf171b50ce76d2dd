/**
 * The computer player's scheduling, with a hand-driven thinker and a store of records in memory:
 * which game's computer move is worked out next when several players wait for the computer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameRecord } from '../../engine/index.ts';
import type { Store } from '../../store/index.ts';
import type { BotTask } from '../workers/bot-worker.ts';
import { BOT_USER } from './auth.ts';
import { createBots, PER_PLAYER } from './bots.ts';

const tick = () => new Promise((r) => setImmediate(r));

/** Games against the computer, each at the computer's turn, and a thinker finished by hand. */
function fixture() {
  const games = new Map<number, GameRecord>();
  const thinking: { gameId: number; answer: (move: string) => void }[] = [];
  const started: number[] = [];
  const played: number[] = [];
  let nextId = 1;
  const store = { loadGame: async (id: number) => games.get(id) } as unknown as Store;
  const bots = createBots({
    store,
    gamesModule: '',
    thinkMs: 1,
    threads: 1,
    think: (task: BotTask) =>
      new Promise<string>((answer) => {
        const gameId = task.seed; // the fixture gives each game its id as seed
        started.push(gameId);
        thinking.push({ gameId, answer });
      }),
    play: async (gameId) => {
      const record = games.get(gameId) as GameRecord;
      played.push(gameId);
      // The human's turn now: the computer waits for their reply.
      games.set(gameId, { ...record, moveCount: record.moveCount + 1, toMove: record.players[1] as string });
    },
  });
  const awaitingComputer = (human: string): number => {
    const id = nextId++;
    const record = {
      id,
      gameType: 'warpweft',
      seed: id,
      players: [BOT_USER, human],
      status: 'active',
      moveCount: 0,
      toMove: BOT_USER,
      state: null,
    } as unknown as GameRecord;
    games.set(id, record);
    bots.consider(record);
    return id;
  };
  /** Finish the move being thought about now. */
  const answer = async () => {
    const job = thinking.shift();
    assert.ok(job, 'the computer is thinking');
    job.answer('a1');
    for (let i = 0; i < 5; i++) await tick();
  };
  return { bots, started, played, awaitingComputer, answer };
}

describe('computer player: fair between players', () => {
  it("works out another player's reply next, not after one player's many games", async () => {
    const f = fixture();
    const flood = Array.from({ length: 40 }, () => f.awaitingComputer('ann'));
    const bobs = f.awaitingComputer('bob');
    assert.deepEqual(f.started, [flood[0]]);
    await f.answer();
    assert.deepEqual(f.started, [flood[0], bobs], "bob's game is next in turn");
    await f.answer();
    assert.deepEqual(f.played, [flood[0], bobs]);
    await f.bots.close();
  });

  it('plays every game of a player with more games waiting than their queue holds, each once', async () => {
    const f = fixture();
    const games = Array.from({ length: PER_PLAYER + 5 }, () => f.awaitingComputer('ann'));
    for (let i = 0; i < games.length; i++) await f.answer();
    assert.deepEqual(
      [...f.played].sort((a, b) => a - b),
      games,
      'every game got its computer move, none twice',
    );
    assert.deepEqual(f.started.slice(0, PER_PLAYER), games.slice(0, PER_PLAYER), 'oldest first');
    await f.bots.close();
  });
});
