/** Notices: what a change means to each player, routed to their sockets. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GameSummary, ServerFrame } from '../../api/index.ts';
import type { GameRecord } from '../../engine/index.ts';
import type { ChatRow, Store } from '../../store/index.ts';
import { testServer } from '../test-support.ts';
import type { Connection } from './hub.ts';
import { chatReaders, createNotices, noticesOf } from './notices.ts';
import { RESYNC_SPREAD_MAX_MS, RESYNCS_PER_SECOND } from './resync.ts';
import { type Frame, LiveClient } from './ws-client.ts';

const game = (over: Partial<GameRecord> = {}): GameRecord => ({
  id: 7,
  gameType: 'warpweft',
  options: {},
  seed: 1,
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'active',
  outcome: null,
  moveCount: 0,
  version: 1,
  state: null,
  toMove: 'ann',
  rated: true,
  compact: false,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

const summary = (r: GameRecord) => ({ id: r.id, version: r.version }) as unknown as GameSummary;

/** A socket that keeps what it is sent. */
const socket = (user: string) => {
  const frames: ServerFrame[] = [];
  const conn: Connection = { user: () => user, send: (f) => frames.push(f) };
  return { conn, frames, kinds: () => frames.map((f) => (f.type === 'notice' ? f.notice : f.type)) };
};

/** A store that answers the reads notices make, counting them. */
const fakeStore = (records: Map<number, GameRecord>, lines: ChatRow[] = []) => {
  const reads = { games: 0, chats: 0 };
  const store = {
    async loadGame(id: number) {
      reads.games++;
      return records.get(id);
    },
    async chat(gameId: number, limit: number) {
      reads.chats++;
      return lines.filter((l) => l.gameId === gameId).slice(-limit);
    },
    async timeControl() {
      return { daysPerMove: 3, bankDays: 7 };
    },
  } as unknown as Store;
  return { store, reads };
};

/** Timers on a clock the test moves, and a fixed sequence standing for chance. */
const fakeClock = () => {
  let now = 0;
  let seed = 7;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    random: () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    },
    later: (fn: () => void, ms: number) => {
      timers.push({ at: now + ms, fn });
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
      for (const t of due) timers.splice(timers.indexOf(t), 1);
      for (const t of due) t.fn();
    },
  };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('what a change means to each player', () => {
  it('a new game is a challenge to the challenged and news to the challenger', () => {
    assert.deepEqual(noticesOf(game(), true), [
      ['ann', 'your-move'],
      ['bob', 'challenge'],
    ]);
  });
  it('a move is your move to the one it awaits and an update to the other', () => {
    assert.deepEqual(noticesOf(game({ moveCount: 1, toMove: 'bob' }), false), [
      ['ann', 'update'],
      ['bob', 'your-move'],
    ]);
  });
  it('an end, a resignation or a decline is game over for every player', () => {
    assert.deepEqual(noticesOf(game({ status: 'void', toMove: null }), false), [
      ['ann', 'game-over'],
      ['bob', 'game-over'],
    ]);
  });
  it('a chat line is news to the players but its writer', () => {
    assert.deepEqual(chatReaders(game(), { id: 1, gameId: 7, user: 'ann', text: 'hi', at: 0 }), ['bob']);
  });
});

describe('notices routing', () => {
  it('goes to every subscribed socket of each player, and to nobody else', () => {
    const notices = createNotices(fakeStore(new Map()).store, summary);
    const [bob1, bob2, ann, cid] = [socket('bob'), socket('bob'), socket('ann'), socket('cid')];
    for (const s of [bob1, bob2, ann, cid]) notices.subscribe(s.conn, s.conn.user() as string);
    notices.created(game());
    assert.deepEqual(bob1.kinds(), ['challenge']);
    assert.deepEqual(bob2.kinds(), ['challenge']);
    assert.deepEqual(ann.kinds(), ['your-move']);
    assert.deepEqual(cid.kinds(), []);
    notices.unsubscribe(bob2.conn);
    notices.changed({ kind: 'end', game: game({ version: 2, status: 'void', toMove: null }) });
    assert.deepEqual(bob1.kinds(), ['challenge', 'game-over']);
    assert.deepEqual(bob2.kinds(), ['challenge']);
  });

  it("a new challenge's notice carries its time control, which its terms say", () => {
    const notices = createNotices(fakeStore(new Map()).store, summary);
    const bob = socket('bob');
    notices.subscribe(bob.conn, 'bob');
    notices.created(game(), { daysPerMove: 3, bankDays: 7 });
    const frame = bob.frames[0];
    assert.deepEqual(frame?.type === 'notice' ? frame.game.timeLimit : null, {
      control: '3d+7d',
      deadline: null,
    });
  });

  it('tells each version of a game once, never an older one after a newer', () => {
    const notices = createNotices(fakeStore(new Map()).store, summary);
    const bob = socket('bob');
    notices.subscribe(bob.conn, 'bob');
    notices.changed({ kind: 'end', game: game({ version: 3, moveCount: 2 }) });
    notices.changed({ kind: 'end', game: game({ version: 3, moveCount: 2 }) });
    notices.changed({ kind: 'end', game: game({ version: 2, moveCount: 1 }) });
    assert.equal(bob.frames.length, 1);
  });

  it("a clock's reminder tells the player to move that their time is running out", () => {
    const notices = createNotices(fakeStore(new Map()).store, summary);
    const [ann, bob] = [socket('ann'), socket('bob')];
    notices.subscribe(ann.conn, 'ann');
    notices.subscribe(bob.conn, 'bob');
    notices.remind(game({ moveCount: 3, toMove: 'bob' }));
    assert.deepEqual(bob.kinds(), ['time-running-out']);
    assert.deepEqual(ann.kinds(), []);
  });

  it('a socket that logged in again as someone else stops hearing the first user', () => {
    const notices = createNotices(fakeStore(new Map()).store, summary);
    let who = 'bob';
    const frames: ServerFrame[] = [];
    notices.subscribe({ user: () => who, send: (f) => frames.push(f) }, 'bob');
    who = 'cid';
    notices.created(game());
    assert.equal(frames.length, 0);
  });

  it("reads another process's change back only for games with a player connected here", async () => {
    const records = new Map([[7, game()]]);
    const { store, reads } = fakeStore(records);
    const notices = createNotices(store, summary);
    notices.remote({ kind: 'game', gameId: 7 });
    await settle();
    assert.equal(reads.games, 0, 'nobody is connected: nothing is read');
    const bob = socket('bob');
    notices.subscribe(bob.conn, 'bob');
    notices.remote({ kind: 'game', gameId: 7 });
    await settle();
    assert.deepEqual(bob.kinds(), ['challenge'], 'a game first heard of at move 0 is a challenge');
    records.set(8, game({ id: 8, players: ['ann', 'cid'] }));
    notices.remote({ kind: 'game', gameId: 8 });
    await settle();
    notices.remote({ kind: 'game', gameId: 8 });
    await settle();
    assert.equal(reads.games, 2, 'a game none of whose players is here is read once, for its players');
    records.set(7, game({ version: 2, moveCount: 1, toMove: 'bob' }));
    notices.remote({ kind: 'game', gameId: 7 });
    await settle();
    assert.deepEqual(bob.kinds(), ['challenge', 'your-move']);
  });

  it('tells every subscriber to fetch its list again when signals from other processes were lost', () => {
    const clock = fakeClock();
    const notices = createNotices(fakeStore(new Map()).store, summary, clock);
    const bob = socket('bob');
    notices.subscribe(bob.conn, 'bob');
    notices.remote({ kind: 'resync', gameId: 0 });
    clock.advance(RESYNC_SPREAD_MAX_MS);
    assert.deepEqual(bob.frames, [{ type: 'subscribed', notices: true }]);
  });

  it('spreads those refetches over time, an account at a time, each told once however many resyncs', () => {
    const clock = fakeClock();
    const notices = createNotices(fakeStore(new Map()).store, summary, clock);
    const accounts = 2_000;
    // Two sockets of each account (two tabs), told together.
    const sockets = Array.from({ length: accounts }, (_, i) => [socket(`p${i}`), socket(`p${i}`)]);
    for (const [i, pair] of sockets.entries()) for (const s of pair) notices.subscribe(s.conn, `p${i}`);
    const told = () => sockets.filter(([one]) => (one?.frames.length ?? 0) > 0).length;
    notices.remote({ kind: 'resync', gameId: 0 });
    // The connection drops again at once: nobody waiting is told twice.
    notices.remote({ kind: 'resync', gameId: 0 });
    let before = 0;
    const perSecond: number[] = [];
    for (let t = 0; t < RESYNC_SPREAD_MAX_MS && told() < accounts; t += 1000) {
      clock.advance(1000);
      perSecond.push(told() - before);
      before = told();
    }
    assert.equal(told(), accounts);
    assert.ok(perSecond.length >= 3, `all told within ${perSecond.length} s`);
    // Spread evenly: no second holds much more than its share.
    assert.ok(Math.max(...perSecond) <= 1.5 * RESYNCS_PER_SECOND, `per second: ${perSecond.join(', ')}`);
    for (const pair of sockets) {
      assert.deepEqual(
        pair.map((s) => s.frames),
        [[{ type: 'subscribed', notices: true }], [{ type: 'subscribed', notices: true }]],
      );
    }
  });

  it("sends another process's chat lines once each, not to their writer", async () => {
    const lines: ChatRow[] = [{ id: 1, gameId: 7, user: 'ann', text: 'hello', at: 0 }];
    const { store } = fakeStore(new Map([[7, game()]]), lines);
    const notices = createNotices(store, summary);
    const [ann, bob] = [socket('ann'), socket('bob')];
    notices.subscribe(ann.conn, 'ann');
    notices.subscribe(bob.conn, 'bob');
    notices.remote({ kind: 'chat', gameId: 7 });
    await settle();
    lines.push({ id: 2, gameId: 7, user: 'ann', text: 'still there?', at: 1 });
    notices.remote({ kind: 'chat', gameId: 7 });
    await settle();
    notices.remote({ kind: 'chat', gameId: 7 });
    await settle();
    assert.deepEqual(
      bob.frames.map((f) => (f.type === 'notice' ? f.chat?.text : undefined)),
      ['hello', 'still there?'],
    );
    assert.deepEqual(ann.frames, []);
  });
});

describe('notices over the WebSocket', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let base: string;
  let ann: string;
  let bob: string;
  const clients: LiveClient[] = [];
  before(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    ann = await s.account('ann');
    bob = await s.account('bob');
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await s.close();
  });
  const listen = async (token?: string) => {
    const c = new LiveClient(base, token ? { token, format: 'json' } : { format: 'json' });
    clients.push(c);
    await c.opened;
    c.send({ type: 'subscribe', notices: true, ref: 'n' });
    return c;
  };
  const notice = (kind: string) => (f: Frame) => f.type === 'notice' && f.notice === kind;

  it('refuses a socket that has not logged in', async () => {
    const anonymous = await listen();
    const refused = await anonymous.next((f) => f.ref === 'n');
    assert.equal(refused.code, 'unauthorized');
  });

  it('tells a player of a challenge, their move, a chat line and the end, as they are committed', async () => {
    const bobs = await listen(bob);
    assert.equal((await bobs.next((f) => f.ref === 'n')).type, 'subscribed');
    const made = await s.call('POST', '/api/games', { gameType: 'atom4', players: ['bob', 'ann'] }, ann);
    const challenge = await bobs.next(notice('challenge'));
    const summary = challenge.game as GameSummary;
    assert.equal(summary.id, made.body.id);
    assert.equal(summary.challenger, 'ann');
    await s.call('POST', `/api/games/${summary.id}/chat`, { text: 'good luck' }, ann);
    assert.equal(((await bobs.next(notice('chat'))).chat as { text: string }).text, 'good luck');
    await s.call('POST', `/api/games/${summary.id}/decline`, undefined, bob);
    const over = await bobs.next(notice('game-over'));
    assert.equal((over.game as GameSummary).status, 'void');
  });
});
