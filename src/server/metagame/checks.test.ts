/**
 * Intricacy solution checks are shared fairly: the metagame routes on a real SQLite store with a
 * checker finished by hand, so the order in which players' solutions are checked is observed
 * directly.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { BALLS, BALLS_SOLUTION, PULL, PULL_SOLUTION } from '../../../test/intricacy-locks.ts';
import type { Result } from '../../games/game.ts';
import { parseLockText } from '../../games/intricacy/text.ts';
import { openStore, type Store } from '../../store/index.ts';
import { answerFailures } from '../http/http-error.ts';
import verify, { type VerifyTask } from '../workers/intricacy-worker.ts';
import { CHECKS_PER_ADDRESS, CHECKS_PER_PLAYER, createIntricacy, solutionChecks } from './routes.ts';

const tick = () => new Promise((r) => setImmediate(r));
/** Let the server work until `what` holds (a bounded number of turns of the event loop). */
const until = async (what: () => boolean) => {
  for (let turns = 0; !what(); turns++) {
    assert.ok(turns < 10_000, `never happened: ${what}`);
    await tick();
  }
};
const balls = parseLockText(BALLS);

describe('intricacy: solution checks shared between players', () => {
  let dir: string;
  let store: Store;
  let app: FastifyInstance;
  let intricacy: ReturnType<typeof createIntricacy>;
  /** Whose checks were started, in order (bob places the balls lock, everyone else the pull lock). */
  const started: string[] = [];
  const running: (() => void)[] = [];
  // Two threads, as on a machine with more than two cores.
  const checks = solutionChecks({
    threads: 2,
    run: (task: VerifyTask) =>
      new Promise<Result<number>>((resolve) => {
        started.push(balls.ok && isDeepStrictEqual(task.lock, balls.value) ? 'bob' : 'other');
        running.push(() => resolve(verify(task)));
      }),
  });
  /** How many times a route asked who the caller is (each a database read in the server). */
  let lookups = 0;
  const finishOne = async () => {
    (running.shift() as () => void)();
    await tick();
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-checks-'));
    store = await openStore({ dataDir: dir });
    intricacy = createIntricacy({ store, checks });
    app = Fastify();
    // Validated and refused as the server does: its sentence as `error`.
    answerFailures(app as never);
    const userOf = async (request: FastifyRequest) => {
      lookups++;
      // A read of the database takes a turn of the event loop or more, as in the server.
      await tick();
      return String(request.headers['x-user']);
    };
    await intricacy.routes(app as never, { userOf, maybeUser: userOf });
  });
  after(async () => {
    await app.close();
    await intricacy.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Each player calls from an address of their own unless told otherwise. */
  const addresses: Record<string, string> = { ann: '10.0.0.1', bob: '10.0.0.2' };
  const call = (method: 'PUT' | 'POST', url: string, user: string, body: object) =>
    app.inject({
      method,
      url: `/api/intricacy${url}`,
      headers: { 'x-user': user },
      payload: body,
      remoteAddress: addresses[user] ?? '10.9.9.9',
    });
  const bobPlaces = (slot: number) =>
    call('PUT', `/slots/${slot}`, 'bob', { lock: BALLS, solution: BALLS_SOLUTION });
  const finishAll = async (total: number) => {
    while (started.length < total || running.length > 0) {
      if (running.length > 0) await finishOne();
      else await tick();
    }
  };

  it("checks another player's placement next in turn, and refuses only the flooding player past their bound", async () => {
    assert.equal((await call('POST', '/register', 'ann', { codename: 'ANN' })).statusCode, 201);
    assert.equal((await call('POST', '/register', 'bob', { codename: 'BOB' })).statusCode, 201);
    const annPlaces = () => call('PUT', '/slots/0', 'ann', { lock: PULL, solution: PULL_SOLUTION });
    const flood = Array.from({ length: CHECKS_PER_PLAYER }, annPlaces);
    await until(() => checks.pending('ANN') === CHECKS_PER_PLAYER);
    let over: Awaited<ReturnType<typeof annPlaces>> | undefined;
    void annPlaces().then((answer) => {
      over = answer;
    });
    await until(() => over !== undefined || checks.pending('ANN') > CHECKS_PER_PLAYER);
    assert.ok(over, 'a check past the bound is refused at once, not queued');
    assert.equal(over.statusCode, 429);
    assert.equal(
      over.json().error,
      `you already have ${CHECKS_PER_PLAYER} solutions waiting to be checked; wait for their answers before sending more`,
    );

    assert.deepEqual(started, ['other'], "ann's checks run one at a time, leaving the other thread free");
    const bobs = bobPlaces(0);
    await until(() => started.length === 2);
    assert.deepEqual(started, ['other', 'bob'], "bob's check starts at once, not after ann's backlog");
    await finishAll(CHECKS_PER_PLAYER + 1);
    assert.equal((await bobs).statusCode, 200, 'bob is served, not refused');
    for (const answer of await Promise.all(flood)) assert.equal(answer.statusCode, 200);
    assert.equal(checks.pending('ANN'), 0);
  });

  it("checks another player's placement next in turn while one address floods from many accounts", async () => {
    started.length = 0;
    const sybils = Array.from({ length: 6 }, (_, i) => `sy${i}`);
    for (const user of sybils) {
      assert.equal((await call('POST', '/register', user, { codename: user.toUpperCase() })).statusCode, 201);
    }
    const flood = sybils.map((user) =>
      call('PUT', '/slots/0', user, { lock: PULL, solution: PULL_SOLUTION }),
    );
    await until(() => sybils.every((user) => checks.pending(user.toUpperCase()) === 1));
    assert.deepEqual(started, ['other'], "the address's accounts share one thread's turn");
    const bobs = bobPlaces(1);
    await until(() => started.length === 2);
    assert.deepEqual(started, ['other', 'bob'], "bob's check starts at once, not after six accounts' checks");
    await finishAll(sybils.length + 1);
    assert.equal((await bobs).statusCode, 200);
    for (const answer of await Promise.all(flood)) assert.equal(answer.statusCode, 200);
  });

  it("refuses a check past its address's bound at once, before looking up its caller or reading its lock", async () => {
    started.length = 0;
    const crowd = Array.from({ length: CHECKS_PER_ADDRESS + 1 }, (_, i) => `cr${i}`);
    for (const user of crowd) {
      assert.equal((await call('POST', '/register', user, { codename: user.toUpperCase() })).statusCode, 201);
    }
    const [last, ...first] = crowd as [string, ...string[]];
    const flood = first.map((user) => call('PUT', '/slots/0', user, { lock: PULL, solution: PULL_SOLUTION }));
    await until(() => first.every((user) => checks.pending(user.toUpperCase()) === 1));
    // Its lock is no lock at all: refused for room, it was never read.
    const asked = lookups;
    const over = await call('PUT', '/slots/0', last, { lock: 'not a lock', solution: PULL_SOLUTION });
    assert.equal(over.statusCode, 429);
    assert.equal(lookups, asked, 'refused before the caller was looked up');
    assert.equal(
      over.json().error,
      `${CHECKS_PER_ADDRESS} solutions from your address are waiting to be checked already; wait for their answers before sending more`,
    );
    const bobs = bobPlaces(2);
    await finishAll(first.length + 1);
    assert.equal((await bobs).statusCode, 200, 'another address is not refused');
    for (const answer of await Promise.all(flood)) assert.equal(answer.statusCode, 200);
  });

  it('looks up and reads no more checks from one address than its bound when they all arrive at once', async () => {
    started.length = 0;
    const burst = Array.from(
      { length: CHECKS_PER_ADDRESS * 2 },
      (_, i) => `bu${String.fromCharCode(65 + i)}`,
    );
    for (const user of burst) {
      assert.equal((await call('POST', '/register', user, { codename: user.toUpperCase() })).statusCode, 201);
    }
    const asked = lookups;
    // Sent together: none is queued yet while the others are being read.
    const answers = burst.map((user) =>
      call('PUT', '/slots/0', user, { lock: PULL, solution: PULL_SOLUTION }),
    );
    let refused = 0;
    for (const answer of answers)
      void answer.then((a) => {
        if (a.statusCode === 429) refused++;
      });
    await until(() => refused === CHECKS_PER_ADDRESS);
    assert.equal(lookups - asked, CHECKS_PER_ADDRESS, 'only the checks within the bound were looked up');
    await finishAll(CHECKS_PER_ADDRESS);
    const codes = (await Promise.all(answers)).map((a) => a.statusCode).sort();
    assert.deepEqual(codes, [...Array(CHECKS_PER_ADDRESS).fill(200), ...Array(CHECKS_PER_ADDRESS).fill(429)]);
  });
});
