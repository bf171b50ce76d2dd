import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAMES_MODULE } from '../../test/tiny-game/games.ts';
import { tiny } from '../../test/tiny-game/rules.ts';
import { workerComputer } from './computer.ts';

const ask = (state: unknown, signal = new AbortController().signal) => ({
  state,
  seat: 0,
  moveNo: 1,
  signal,
});

describe("the terminal's computer player", () => {
  it("finds a game's ai in a thread, also a game Tessera does not host", async () => {
    const { computer, close } = workerComputer('tiny', { thinkMs: 10 }, GAMES_MODULE);
    try {
      assert.equal(await computer(ask(tiny.setup({ counters: 7 }, 0))), 3);
      assert.equal(await computer(ask(tiny.setup({ counters: 6 }, 0))), 2);
    } finally {
      close();
    }
  });

  it('says so for a game without one, and drops an answer no longer wanted', async () => {
    const { computer, close } = workerComputer('sigmar', { thinkMs: 10 });
    try {
      await assert.rejects(computer(ask({})), /sigmar has no computer player/);
      const stop = new AbortController();
      const asked = computer(ask({}, stop.signal));
      stop.abort();
      await assert.rejects(asked, /no longer wanted/);
    } finally {
      close();
    }
  });
});
