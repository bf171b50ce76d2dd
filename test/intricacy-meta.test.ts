/**
 * End to end: the Intricacy metagame through a real server process (SQLite). Players register
 * codenames, place locks, declare solutions and read notes over HTTP; access by each case, the
 * cascades, the seed-001 caveat and empty slots are checked in what the server sends; bad
 * solutions are refused; a WebSocket subscriber hears of each change; and outsiders crawling every
 * endpoint never receive a note they have not read or another owner's designer solution.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { BALLS, BALLS_SOLUTION, PULL, PULL_SOLUTION } from './intricacy-locks.ts';
import { type Answer, account, call, freshDataDir, type ServerProcess, startServer } from './support.ts';

const DESIGNS = { pull: [PULL, PULL_SOLUTION], balls: [BALLS, BALLS_SOLUTION] } as const;

type Design = keyof typeof DESIGNS;
interface Player {
  readonly user: string;
  readonly codename: string;
  readonly token: string;
}

let server: ServerProcess;
let base: string;
let accounts = 0;
const sockets: LiveClient[] = [];

before(async () => {
  server = await startServer();
  base = server.url;
});
after(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server?.kill();
});

const ok = (answer: Answer, status = 200): Answer => {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  return answer;
};
const api = (method: string, path: string, body?: unknown, p?: Player | string) =>
  call(base, method, `/api/intricacy${path}`, body, typeof p === 'string' ? p : p?.token);

/** A new account with a codename. */
async function join(codename: string): Promise<Player> {
  const user = `meta${++accounts}`;
  const token = await account(base, user);
  ok(await api('POST', '/register', { codename }, token), 201);
  return { user, codename, token };
}
const place = async (p: Player, slot: number, design: Design = 'pull') => {
  const [lock, solution] = DESIGNS[design];
  return ok(await api('PUT', `/slots/${slot}`, { lock, solution }, p)).body;
};
/** Solve lock `on` (whichever design it is) and secure the note behind the solver's lock in `slot`. */
const declare = async (p: Player, on: number, slot = 0) => {
  const design = await lockDesign(on);
  return ok(await api('POST', `/locks/${on}/solution`, { solution: DESIGNS[design][1], slot }, p)).body;
};
const lockDesign = async (id: number): Promise<Design> => {
  const lock = ok(await api('GET', `/locks/${id}`)).body.lock;
  return lock.pieces.some((p: { kind: string }) => p.kind === 'ball') ? 'balls' : 'pull';
};
const world = async (p?: Player) => ok(await api('GET', '/world', undefined, p)).body;
const slotOf = async (p: Player, slot: number): Promise<number> => {
  const id = ok(await api('GET', `/players/${encodeURIComponent(p.codename)}`)).body.slots[slot];
  assert.equal(typeof id, 'number', `${p.codename} has a lock in slot ${slot}`);
  return id;
};
/** The cases by which `who` accesses each of `owner`'s slots, as the server reports them. */
const cases = async (who: Player, owner: Player): Promise<string[][]> => {
  const view = ok(await api('GET', `/players/${encodeURIComponent(owner.codename)}`)).body;
  return [0, 1, 2].map(
    (slot) =>
      view.accessedBy.find(
        (a: { player: string; slot: number }) => a.player === who.codename && a.slot === slot,
      )?.cases ?? [],
  );
};
const points = async (who: Player, owner: Player): Promise<boolean[]> => {
  const view = ok(await api('GET', `/players/${encodeURIComponent(owner.codename)}`)).body;
  return [0, 1, 2].map(
    (slot) =>
      view.accessedBy.find(
        (a: { player: string; slot: number }) => a.player === who.codename && a.slot === slot,
      )?.point ?? false,
  );
};
const score = async (a: Player, b: Player): Promise<number> => {
  const table = ok(await api('GET', '/scores')).body;
  return table.scores[table.players.indexOf(a.codename)][table.players.indexOf(b.codename)];
};
const noteBy = async (author: Player, on: number): Promise<number> => {
  const w = await world();
  const note = w.notes.find(
    (n: { author: string; on: number }) => n.author === author.codename && n.on === on,
  );
  assert.ok(note, `a note by ${author.codename} on lock ${on}`);
  return note.id;
};
const noteSolution = async (id: number, p?: Player) =>
  ok(await api('GET', `/notes/${id}`, undefined, p)).body.solution;

// Each scenario uses codenames of its own: the server's world is shared by the whole file.
describe('Intricacy metagame end to end', () => {
  it('registers one codename per account, suggests unused ones, and says what is wrong', async () => {
    const token = await account(base, 'reg1');
    assert.deepEqual(ok(await api('GET', '/me', undefined, token)).body, { codename: null });
    assert.deepEqual(ok(await api('GET', '/me')).body, { codename: null });
    const suggested = ok(await api('GET', '/codenames?count=20')).body.codenames;
    assert.equal(suggested.length, 20);
    assert.equal(new Set(suggested).size, 20);
    for (const c of suggested) assert.match(c, /^[A-Z0-9]{3}$/);
    assert.equal(ok(await api('GET', '/codenames')).body.codenames.length, 8);
    assert.equal((await api('GET', '/codenames?count=21')).status, 400);

    const refused = async (body: unknown, status: number, pattern: RegExp, who: string | null = token) => {
      const answer = await api('POST', '/register', body, who ?? undefined);
      assert.equal(answer.status, status, JSON.stringify(answer.body));
      assert.match(answer.body.error, pattern);
    };
    await refused({ codename: 'R1!' }, 401, /log in first/, null);
    await refused({ codename: 'r1!' }, 400, /character 1 of "r1!" is lowercase "r"; use capitals/);
    await refused({ codename: 'R 1' }, 400, /is a space/);
    await refused({ codename: 'R1!!' }, 400, /exactly 3 characters/);
    await refused({ codename: 42 }, 400, /codename/);
    await refused({ codename: 'R1!', extra: 1 }, 400, /there is no field "extra"/);
    ok(await api('POST', '/register', { codename: 'R1!' }, token), 201);
    assert.deepEqual(ok(await api('GET', '/me', undefined, token)).body, { codename: 'R1!' });
    await refused({ codename: 'R2!' }, 409, /your account already has the codename R1!/);
    await refused({ codename: 'R1!' }, 409, /the codename R1! is taken/, await account(base, 'reg2'));
    // A codename with URL-special characters is reached by URL-encoding it.
    const odd = await join('/?%');
    assert.equal(ok(await api('GET', `/players/${encodeURIComponent(odd.codename)}`)).body.codename, '/?%');
    assert.match((await api('GET', '/players/QQQ')).body.error, /no player has the codename QQQ/);
    assert.equal((await api('GET', '/players/QQQ')).status, 404);
    assert.ok(!ok(await api('GET', '/codenames?count=20')).body.codenames.includes('R1!'));
  });

  it('refuses placements and declarations that break the rules, with the reason', async () => {
    const a = await join('BD1');
    const b = await join('BD2');
    const token = await account(base, 'bd3'); // logged in, no codename
    const [lock, solution] = DESIGNS.pull;
    const put = (body: unknown, who: Player | string | null = a, slot: number | string = 0) =>
      api('PUT', `/slots/${slot}`, body, who ?? undefined);
    const expect = async (answer: Promise<Answer>, status: number, pattern: RegExp) => {
      const got = await answer;
      assert.equal(got.status, status, JSON.stringify(got.body));
      assert.match(got.body.error, pattern);
    };
    await expect(put({ lock, solution }, null), 401, /log in first/);
    await expect(put({ lock, solution }, token), 403, /register a codename first/);
    await expect(
      put({ lock, solution: 'hE hE' }),
      400,
      /^the solution does not open the lock: after its 2 moves the bolt area is still not empty$/,
    );
    await expect(
      put({ lock, solution: `${solution} .` }),
      400,
      /^the lock is already open after move 7; move 8 is extra$/,
    );
    await expect(put({ lock, solution: 'hE zz' }), 400, /the solution: move 2: "zz" is not a move/);
    await expect(put({ lock, solution: ' ' }), 400, /the solution: .*empty/);
    await expect(put({ lock, solution: '. '.repeat(2001) }), 400, /2001 moves, more than the 2000 allowed/);
    await expect(
      put({ lock, solution: '.'.repeat(9500) }),
      400,
      /a solution is moves separated by spaces, at most 9000 characters/,
    );
    await expect(put({ lock, solution: '.'.repeat(20_000) }), 413, /too large/);
    await expect(
      put({ lock: 'intricacy lock size 99\n', solution }),
      400,
      /the lock: line 1, .*size must be/,
    );
    await expect(put({ lock: 'hello', solution }), 400, /the lock: line 1, column 1: expected the header/);
    await expect(
      put({ lock: 'x'.repeat(5000), solution }),
      400,
      /a lock is a lock file's text, at most 4096/,
    );
    await expect(put({ lock, solution }, a, 3), 400, /a slot is a whole number from 0 to 2/);
    await expect(put({ lock, solution }, a, 'x'), 400, /a slot is a whole number from 0 to 2/);
    await expect(put({ lock }), 400, /solution is missing/);
    await expect(
      api('DELETE', '/slots/1', undefined, a),
      400,
      /BD1's second slot is empty: there is no lock to retire/,
    );
    assert.deepEqual((await world()).players.find((p: { codename: string }) => p.codename === 'BD1').slots, [
      null,
      null,
      null,
    ]);

    const la = (await place(a, 0)).id;
    const lb = (await place(b, 0, 'balls')).id;
    const declareBody = (body: unknown, on = lb, who: Player | string | null = a) =>
      api('POST', `/locks/${on}/solution`, body, who ?? undefined);
    await expect(
      declareBody({ solution: PULL_SOLUTION, slot: 0 }),
      400,
      new RegExp(`^the solution does not open lock ${lb}: after its \\d+ moves`),
    );
    await expect(declareBody({ solution: BALLS_SOLUTION, slot: 1 }), 400, /your second slot is empty/);
    await expect(declareBody({ solution: PULL_SOLUTION, slot: 0 }, la), 400, /is your own/);
    await expect(declareBody({ solution: PULL_SOLUTION, slot: 0 }, 9999), 404, /there is no lock 9999/);
    await expect(declareBody({ solution: BALLS_SOLUTION, slot: 0 }, lb, null), 401, /log in/);
    await expect(declareBody({ solution: BALLS_SOLUTION, slot: 0 }, lb, token), 403, /register/);
    await expect(declareBody({ solution: BALLS_SOLUTION }), 400, /slot is missing/);
    const note = ok(await declareBody({ solution: BALLS_SOLUTION, slot: 0 })).body;
    assert.equal(note.author, 'BD1');
    assert.equal(note.on, lb);
    assert.equal(note.behind, la);
    assert.equal(note.read, true);
    assert.equal(note.solution.length, 9);
    await expect(declareBody({ solution: BALLS_SOLUTION, slot: 0 }), 400, /already declared a solution/);
    await expect(api('GET', '/notes/9999'), 404, /there is no note 9999/);
    await expect(api('GET', '/locks/9999'), 404, /there is no lock 9999/);
  });

  it('case (ii) gives access by declaring, and case (iii) the empty slots once the filled ones are accessed', async () => {
    const a = await join('C2A');
    const b = await join('C2B');
    const lb = (await place(b, 0)).id;
    await place(a, 0, 'balls');
    assert.deepEqual(await cases(a, b), [[], [], []]);
    await declare(a, lb);
    assert.deepEqual(await cases(a, b), [['declared'], ['empty'], ['empty']]);
    assert.deepEqual(await points(a, b), [true, true, true]);
    assert.equal(await score(a, b), 3);
    assert.equal(await score(b, a), -3);
    const lockView = ok(await api('GET', `/locks/${lb}`)).body;
    assert.deepEqual(lockView.accessedBy, [{ player: 'C2A', cases: ['declared'] }]);
    // A second lock closes the empty slots again.
    await place(b, 1, 'balls');
    assert.deepEqual(await cases(a, b), [['declared'], [], []]);
    assert.equal(await score(a, b), 1);
    // A player with no lock at all opens all three empty slots to everyone.
    const c = await join('C2C');
    assert.deepEqual(await cases(a, c), [['empty'], ['empty'], ['empty']]);
    assert.deepEqual(await cases(c, a), [[], [], []]);
  });

  it('seed 001: no point for case (ii) when the owner has read the note', async () => {
    const a = await join('K1A');
    const b = await join('K1B');
    const l0 = (await place(b, 0)).id;
    await place(b, 1);
    const la = (await place(a, 0)).id;
    await declare(a, l0); // behind LA
    assert.deepEqual(await points(a, b), [true, false, false]);
    // BBB solves LA, its note behind its L1: accessing LA, BBB reads AAA's note on L0.
    await declare(b, la, 1);
    const aNote = await noteBy(a, l0);
    assert.ok(ok(await api('GET', `/notes/${aNote}`)).body.readBy.includes('K1B'));
    assert.ok((await noteSolution(aNote, b)).length > 0, 'the owner reads the note');
    assert.deepEqual(await cases(a, b), [['declared'], [], []]);
    assert.deepEqual(await points(a, b), [false, false, false]);
    assert.deepEqual(await points(b, a), [true, true, true]);
    assert.equal(await score(a, b), -3);
    // The score explained: each access with what it adds, and why one earns nothing.
    const why = ok(await api('GET', `/scores/explain?player=${a.codename}&against=${b.codename}`)).body;
    assert.equal(why.score, -3);
    assert.deepEqual(
      why.accesses.map((x: { accessor: string; slot: number; cases: string[]; points: number }) => [
        x.accessor,
        x.slot,
        x.cases.join(),
        x.points,
      ]),
      [
        ['K1A', 0, 'declared', 0],
        ['K1B', 0, 'declared', -1],
        ['K1B', 1, 'empty', -1],
        ['K1B', 2, 'empty', -1],
      ],
    );
    assert.equal(why.accesses[0].noteReadByOwner, aNote);
    const unknown = await api('GET', '/scores/explain?player=K1A&against=QQQ');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error, /no player has the codename QQQ/);
    assert.equal((await api('GET', '/scores/explain?player=K1A&against=K1A')).status, 400);
  });

  it('case (i): three notes read give access, cascading through a retirement', async () => {
    const [r, c, d, e, a, s] = await Promise.all(['RRR', 'CCC', 'DDD', 'EEE', 'AAA', 'SSS'].map(join));
    for (const p of [r, c, d, e, a, s] as Player[]) await place(p, 0);
    const lr = await slotOf(r as Player, 0);
    const ls = await slotOf(s as Player, 0);
    await declare(r as Player, ls); // RRR's note on LS, behind LR
    for (const p of [c, d, e] as Player[]) await declare(p, lr); // three notes on LR
    await declare(a as Player, await slotOf(c as Player, 0)); // AAA reads CCC's note on LR
    await declare(a as Player, await slotOf(d as Player, 0)); // and DDD's: two are not enough
    const deep = await noteBy(r as Player, ls);
    assert.deepEqual(await cases(a as Player, r as Player), [[], [], []]);
    assert.equal(await noteSolution(deep, a as Player), undefined);

    // EEE retires its lock: its note on LR becomes public; AAA has read three, accesses LR and
    // so reads RRR's note behind it.
    const le = await slotOf(e as Player, 0);
    assert.deepEqual(ok(await api('DELETE', '/slots/0', undefined, e)).body, { retired: le });
    assert.deepEqual(await cases(a as Player, r as Player), [['notes'], ['empty'], ['empty']]);
    assert.equal((await noteSolution(deep, a as Player)).length, 7);
    assert.equal(await noteSolution(deep, s as Player), undefined);
    assert.equal(await noteSolution(deep), undefined);
    const retired = ok(await api('GET', '/retired')).body;
    assert.equal(retired[0].owner, 'EEE');
    assert.equal(retired[0].retired, true);
    assert.equal('solution' in retired[0], false);
    assert.deepEqual(
      ok(await api('GET', '/retired', undefined, e)).body[0].solution.length,
      7,
      'the owner still sees the designer solution of a retired lock',
    );
  });

  it('three public notes make a lock public: outsiders read what is behind it', async () => {
    const [r, c, d, e] = (await Promise.all(['PRR', 'PCC', 'PDD', 'PEE'].map(join))) as Player[];
    for (const p of [r, c, d, e] as Player[]) await place(p, 0);
    const lr = await slotOf(r, 0);
    const lc = await slotOf(c, 0);
    await declare(r, lc); // RRR's note on LC, behind LR
    for (const p of [c, d, e]) await declare(p, lr);
    const behindLr = await noteBy(r, lc);
    assert.equal(await noteSolution(behindLr), undefined);
    await place(c, 0, 'balls'); // replaces: the old lock retires, its notes become public
    await api('DELETE', '/slots/0', undefined, d);
    assert.equal(ok(await api('GET', `/locks/${lr}`)).body.public, false, 'two public notes are not enough');
    await place(e, 0, 'balls');
    const lockView = ok(await api('GET', `/locks/${lr}`)).body;
    assert.equal(lockView.public, true);
    assert.equal('solution' in lockView, false);
    assert.deepEqual(await noteSolution(behindLr), (await noteSolution(behindLr, r)) ?? assert.fail());
    // Nobody may declare on it now.
    const refused = await api('POST', `/locks/${lr}/solution`, { solution: PULL_SOLUTION, slot: 0 }, c);
    assert.equal(refused.status, 400);
    assert.match(refused.body.error, /is public: every player accesses it already/);
  });

  it('tells a WebSocket subscriber of every change, without secrets', async () => {
    const watcher = new LiveClient(base, { format: 'json' });
    sockets.push(watcher);
    await watcher.opened;
    watcher.send({ type: 'subscribe', metagame: 'intricacy', ref: 7 });
    assert.deepEqual(
      { ...(await watcher.next((f) => f.type === 'subscribed')), binary: undefined },
      { type: 'subscribed', metagame: 'intricacy', ref: 7, binary: undefined },
    );
    const a = await join('WSA');
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'player');
    const b = await join('WSB');
    await watcher.next((f) => f.type === 'intricacy' && f.change === 'player');
    const lb = (await place(b, 0)).id;
    const frame = await watcher.next((f) => f.type === 'intricacy');
    assert.deepEqual(
      { ...frame, binary: undefined },
      { type: 'intricacy', change: 'lock', binary: undefined },
    );
    await place(a, 0, 'balls');
    await watcher.next((f) => f.type === 'intricacy' && f.change === 'lock');
    await declare(a, lb);
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'note');
    await api('DELETE', '/slots/0', undefined, b);
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'lock');
    // A MessagePack subscriber too; and after unsubscribing, nothing more arrives.
    const packed = new LiveClient(base);
    sockets.push(packed);
    await packed.opened;
    packed.send({ type: 'subscribe', metagame: 'intricacy' });
    await packed.next((f) => f.type === 'subscribed' && f.metagame === 'intricacy');
    watcher.send({ type: 'unsubscribe', metagame: 'intricacy' });
    await watcher.next((f) => f.type === 'unsubscribed' && f.metagame === 'intricacy');
    await place(b, 1);
    assert.equal((await packed.next((f) => f.type === 'intricacy')).change, 'lock');
    watcher.send({ type: 'ping', ref: 'p' });
    await watcher.next((f) => f.type === 'pong');
    assert.equal(watcher.frames.filter((f) => f.type === 'intricacy').length, 0);
    for (const f of [...watcher.frames, ...packed.frames]) assert.ok(!JSON.stringify(f).includes('solution'));
  });
});

describe('Intricacy metagame across a restart', () => {
  it('rebuilds the same world from the action log after the process is killed', async () => {
    const dataDir = freshDataDir();
    const first = await startServer({}, dataDir);
    const saved = { server, base };
    try {
      server = first;
      base = first.url;
      const a = await join('RSA');
      const b = await join('RSB');
      const lb = (await place(b, 0)).id;
      await place(a, 0, 'balls');
      await declare(a, lb);
      await place(b, 0, 'balls'); // retires LB
      const before = await world(a);
      await first.kill('SIGKILL');
      server = await startServer({}, dataDir);
      base = server.url;
      assert.deepEqual(await world(a), before);
      assert.deepEqual(ok(await api('GET', '/me', undefined, a)).body, { codename: 'RSA' });
      await server.kill();
    } finally {
      ({ server, base } = saved);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('Intricacy metagame: an outsider crawling every endpoint', () => {
  // A server of its own, so the world holds only this scenario and what may be read is known.
  before(async () => {
    await server.kill();
    server = await startServer();
    base = server.url;
  });
  /**
   * Every response to every request, as raw text. Every object in them with a `solution` key
   * must be a note the viewer may read (`allowed`); no lock may carry one unless `own` has it.
   */
  async function crawl(
    who: string | undefined,
    allowed: ReadonlySet<number>,
    own: ReadonlySet<number>,
    tryChanges = true,
  ) {
    const w = await world();
    const ids = (n: number) => [...Array.from({ length: n + 2 }, (_, i) => i), 2_147_483_647];
    // Every list page and every item by id (the counts say how many there are in all).
    const pages = ['', '?offset=1&limit=1', '?offset=2&limit=100'];
    const paths = [
      '/codenames',
      '/me',
      '/world',
      ...pages.flatMap((q) =>
        ['/scores', '/retired', '/players', '/notes', '/notes?read=true'].map((p) => `${p}${q}`),
      ),
      '/scores?columns=1&limit=2',
      '/notes?read=true&offset=1',
      ...w.players.map((p: { codename: string }) => `/players/${encodeURIComponent(p.codename)}`),
      ...w.players.map(
        (p: { codename: string }) => `/players/${encodeURIComponent(p.codename)}?offset=1&limit=1`,
      ),
      '/players/%2F%2F%2F',
      ...ids(Math.max(w.locks.length, w.counts.locks)).flatMap((i) => [
        `/locks/${i}`,
        `/locks/${i}?offset=1`,
      ]),
      ...ids(Math.max(w.notes.length, w.counts.notes)).flatMap((i) => [`/notes/${i}`, `/notes/${i}?limit=1`]),
      '/locks/-1',
      '/notes/x',
    ];
    const answers: Answer[] = [];
    for (const path of paths) answers.push(await api('GET', path, undefined, who));
    // Changes are refused (not logged in, or no codename) and leak nothing either.
    for (const slot of tryChanges ? [0, 1, 2] : []) {
      answers.push(await api('PUT', `/slots/${slot}`, { lock: PULL, solution: 'hE' }, who));
      answers.push(await api('DELETE', `/slots/${slot}`, undefined, who));
    }
    for (const id of tryChanges ? ids(Math.max(w.locks.length, w.counts.locks)) : [])
      answers.push(await api('POST', `/locks/${id}/solution`, { solution: 'hE', slot: 0 }, who));
    // (not logged in, no codename, no lock of one's own, a wrong solution)
    if (tryChanges)
      for (const answer of answers.slice(-3 * 2 - ids(Math.max(w.locks.length, w.counts.locks)).length))
        assert.ok(answer.status >= 400, JSON.stringify(answer.body));
    assert.deepEqual(await world(), w, 'the crawl changed nothing');
    let seen = 0;
    const readable = new Set<number>();
    for (const answer of answers) {
      const raw = JSON.stringify(answer.body);
      const expected = (raw.match(/"solution"/g) ?? []).length;
      let found = 0;
      const walk = (x: unknown): void => {
        if (Array.isArray(x)) {
          for (const item of x) walk(item);
          return;
        }
        if (typeof x !== 'object' || x === null) return;
        const o = x as Record<string, unknown>;
        if ('solution' in o) {
          found++;
          const isNote = 'behind' in o && 'author' in o;
          if (isNote) {
            assert.ok(allowed.has(o.id as number), `note ${o.id} with its solution in ${raw.slice(0, 300)}`);
            readable.add(o.id as number);
          } else assert.ok(own.has(o.id as number), `designer solution of lock ${o.id} sent`);
        }
        for (const v of Object.values(o)) walk(v);
      };
      walk(answer.body);
      assert.equal(found, expected, 'every "solution" in the raw text is accounted for');
      seen += found;
    }
    return { seen, readable };
  }

  it('never sends an unread note or another owner’s designer solution', async () => {
    const [a, b, c] = (await Promise.all(['XAA', 'XBB', 'XCC'].map(join))) as Player[];
    const la = (await place(a, 0)).id;
    const lb = (await place(b, 0, 'balls')).id;
    await place(c, 0);
    await place(c, 1, 'balls');
    await declare(a, lb); // secret: AAA's note on LB, behind LA
    await declare(c, la, 0); // CCC's note on LA, behind CCC's slot 0 ...
    const secret = await noteBy(a, lb);
    const published = await noteBy(c, la);
    await place(c, 0, 'balls'); // ... which is replaced: that note is public now
    const w = await world();
    const publicNotes = new Set<number>(
      w.notes.filter((n: { public: boolean }) => n.public).map((n: { id: number }) => n.id),
    );
    assert.ok(publicNotes.has(published));
    assert.ok(!publicNotes.has(secret));

    // Not logged in; logged in without a codename; registered with nothing earned.
    const noCodename = await account(base, 'crawler1');
    const nobody = await join('XZZ');
    for (const who of [undefined, noCodename, nobody.token]) {
      const { readable } = await crawl(who, publicNotes, new Set());
      // A positive control: the public note's solution does arrive (the check is not vacuous).
      assert.ok(readable.has(published), 'the public note is readable by anyone');
      assert.ok(!readable.has(secret));
    }
    // The secret note's readers (its author, and those who access LA) do get it; others do not.
    assert.equal((await noteSolution(secret, a)).length, 9);
    assert.equal((await noteSolution(secret, c)).length, 9, 'CCC declared on LA, so reads behind it');
    assert.equal(await noteSolution(secret, b), undefined, 'the lock owner has not read it');
    // The owner sees its designer solution, in its own views only.
    // The owner sees its designer solution, in its own views only; it reads its own note and the
    // public one (it accesses LB by declaring, and nothing is behind LB).
    const mine = await crawl(a.token, new Set([secret, published]), new Set([la]), false);
    assert.deepEqual([...mine.readable].sort(), [secret, published].sort());
  });
});
