/**
 * Costly game setups (a Sigmar's Garden board dealt to a difficulty) run in a worker thread,
 * queued fairly per challenger with a bound: through the service on a real SQLite store, with a
 * setup runner finished by hand.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GAMES, replay } from '../../games/index.ts';
import { sigmar } from '../../games/sigmar/index.ts';
import { openStore, type Store } from '../../store/index.ts';
import { createService, type Service } from '../service/service.ts';
import setUp, { type SetupTask } from './setup-worker.ts';
import { createSetups, PER_CHALLENGER } from './setups.ts';

const tick = () => new Promise((r) => setImmediate(r));
/** Let the server work until `what` holds (a bounded number of turns of the event loop). */
const until = async (what: () => boolean) => {
  for (let turns = 0; !what(); turns++) {
    assert.ok(turns < 10_000, `never happened: ${what}`);
    await tick();
  }
};
const hard = { difficulty: 'hard' };

describe('costly game setups', () => {
  let dir: string;
  let store: Store;
  let service: Service;
  /** Setups handed to the worker, in the order started, and how to finish each. */
  const started: { task: SetupTask; finish: () => void }[] = [];
  const finish = (i: number) => (started[i] as (typeof started)[number]).finish();
  const setups = createSetups({
    run: (task) =>
      new Promise((resolve) => {
        started.push({ task, finish: () => resolve(setUp(task)) });
      }),
  });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-setups-'));
    store = await openStore({ dataDir: dir });
    service = createService({ store, games: GAMES, botGames: new Set(), setups });
    for (const id of ['ann', 'bob']) await store.createUser({ id, passHash: 'x', salt: 'x', createdAt: 0 });
  });
  after(async () => {
    await service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('deals a Sigmar board to a difficulty off the request path; the stored board is what its seed deals', async () => {
    const challenge = service.challenge('ann', 'sigmar', ['ann'], hard);
    await until(() => started.length === 1);
    const job = started[0] as (typeof started)[number];
    assert.equal(job.task.gameType, 'sigmar');
    assert.equal((job.task.options as { difficulty: string }).difficulty, 'hard');
    finish(0);
    const created = await challenge;
    assert.ok(created.ok, created.ok ? '' : created.error);
    const record = created.value;
    const options = sigmar.parseOptions(hard);
    assert.ok(options.ok);
    assert.deepEqual(
      record.state,
      sigmar.setup(options.value, record.seed),
      'what setup(options, seed) gives',
    );
    const again = replay(sigmar, record.options, record.seed, []);
    assert.ok(again.ok);
    assert.deepEqual(again.value, (await store.loadGame(record.id))?.state, 'replay reproduces it');
    started.length = 0;
  });

  it('deals any board without a difficulty at once, with no worker', async () => {
    const created = await service.challenge('ann', 'sigmar', ['ann'], {});
    assert.ok(created.ok);
    assert.equal(started.length, 0);
  });

  it('refuses a challenger with too many boards being dealt, with a sentence; others are not refused', async () => {
    const anns = Array.from({ length: PER_CHALLENGER }, () =>
      service.challenge('ann', 'sigmar', ['ann'], hard),
    );
    await until(() => started.length === 1);
    let over: Awaited<ReturnType<Service['challenge']>> | undefined;
    void service.challenge('ann', 'sigmar', ['ann'], hard).then((answer) => {
      over = answer;
    });
    await until(() => over !== undefined || setups.pending('ann') > PER_CHALLENGER);
    assert.deepEqual(over, {
      ok: false,
      code: 'rate-limited',
      error: `you already have ${PER_CHALLENGER} boards being dealt; wait until one is ready before challenging again`,
    });
    const bobs = service.challenge('bob', 'sigmar', ['bob'], { difficulty: 'easy' });
    await until(() => setups.pending('bob') === 1);
    const difficulties = () => started.map((job) => (job.task.options as { difficulty: string }).difficulty);
    assert.deepEqual(difficulties(), ['hard'], 'one deal at a time on one thread');
    finish(0);
    await until(() => started.length === 2);
    assert.deepEqual(difficulties(), ['hard', 'easy'], "bob's deal comes next, not after ann's");
    finish(1);
    assert.ok((await bobs).ok, 'bob is served');
    await until(() => started.length === 3);
    finish(2);
    for (const created of await Promise.all(anns)) assert.ok(created.ok);
  });
});

describe('costly setups in a real worker thread', () => {
  it('deal the same board as on the main thread', async () => {
    const setups = createSetups();
    try {
      const options = sigmar.parseOptions({ difficulty: 'easy', template: null });
      assert.ok(options.ok);
      const dealt = await setups.setup(sigmar, options.value, 1234, 'ann');
      assert.deepEqual(dealt, { ok: true, value: sigmar.setup(options.value, 1234) });
    } finally {
      await setups.close();
    }
  });
});
