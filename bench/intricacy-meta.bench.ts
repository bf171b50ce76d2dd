/**
 * The Intricacy metagame's cost as the community grows: a world of P players, four in five with
 * three locks placed and solutions declared on five others' locks, the rest registered with no
 * lock (each opens their empty slots to everyone), built action by action through the pure rules.
 * Then the time of one more declaration, of the first request after a change (which builds what
 * every reader shares: reads, accesses, the score ranking), and the time and size of each page a
 * reader looks at. Last, at the largest size, a restart on a SQLite store holding the whole log
 * and a saved world: what a server process does at start-up.
 *
 * BENCH_PLAYERS=500,5000 chooses the sizes (default 500 and 5000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  emptyWorld,
  lockView,
  type MetaLock,
  type MetaPlayer,
  notesBehind,
  notesOn,
  notesPage,
  parseLockText,
  parseMoveList,
  playersPage,
  playerView,
  retiredPage,
  scorePage,
  type World,
  worldView,
} from '../src/games/intricacy/index.ts';
import { createRng } from '../src/grid/rng.ts';
import {
  applyAction,
  createMetagame,
  type MetaAction,
  SAVE_WORLD_EVERY,
  WORLD_FORMAT,
} from '../src/server/metagame/world.ts';
import { worldFromParts, worldParts } from '../src/server/metagame/world-parts.ts';
import { openStore } from '../src/store/index.ts';
import { report } from './report.ts';

const BENCH = 'intricacy-meta';
const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const lock = must(
  parseLockText(readFileSync(new URL('../locks/tutorial/05-hook.lock', import.meta.url), 'utf8')),
);
const solution = must(parseMoveList('hE hE hNE hNE hNE h+ hW'));

const codename = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${Math.floor(i / 676)}`;

interface Built {
  readonly world: World;
  readonly log: MetaAction[];
  readonly ms: number;
}

function build(players: number): Built {
  const rng = createRng(players);
  const locked = Math.floor(players * 0.8);
  let world = emptyWorld();
  const log: MetaAction[] = [];
  const start = performance.now();
  // Every action as the server replays its log (time stamps 0); refused ones are not logged.
  const act = (action: MetaAction): boolean => {
    const next = applyAction(world, action, 0);
    if (next.ok) {
      world = next.value;
      log.push(action);
    }
    return next.ok;
  };
  for (let p = 0; p < players; p++) {
    act({ kind: 'register', payload: { codename: codename(p) } });
    if (p >= locked) continue;
    for (let slot = 0; slot < 3; slot++)
      act({ kind: 'place', payload: { owner: codename(p), slot, lock, solution } });
  }
  for (let p = 0; p < locked; p++) {
    const behind = world.players[p]?.slots[rng.nextInt(3)] as number;
    for (let k = 0; k < 5; k++)
      act({
        kind: 'declare',
        payload: { solver: codename(p), on: rng.nextInt(world.locks.length), behind, solution },
      });
    // Some locks are retired along the way, so there are retired locks and public notes.
    if (p % 50 === 49) act({ kind: 'retire', payload: { owner: codename(p), slot: 2 } });
  }
  return { world, log, ms: performance.now() - start };
}

const time = <T>(fn: () => T): [T, number] => {
  const t = performance.now();
  const value = fn();
  return [value, performance.now() - t];
};
const ms = (x: number) => +x.toFixed(2);
const kib = (x: unknown) => +(Buffer.byteLength(JSON.stringify(x)) / 1024).toFixed(1);

const sizes = (process.env.BENCH_PLAYERS ?? '500,5000').split(',').map(Number);
let largest: Built | undefined;
for (const players of sizes) {
  const built = build(players);
  const { world, log } = built;
  report(BENCH, `build ${log.length} actions in memory, ${players} players`, Math.round(built.ms), 'ms');
  const me = codename(0);
  const other = codename(Math.floor(players / 2));
  const lockless = codename(players - 1);
  const on = world.locks.findIndex(
    (l) =>
      !l.retired && !l.public && l.owner !== me && !world.notes.some((n) => n.author === me && n.on === l.id),
  );
  worldView(world, me); // as a server does: every change is followed by requests
  const declaration: MetaAction = {
    kind: 'declare',
    payload: { solver: me, on, behind: world.players[0]?.slots[0] as number, solution },
  };
  const [after, declareMs] = time(() => must(applyAction(world, declaration, 0)));
  report(BENCH, `one declaration, ${players} players`, ms(declareMs), 'ms');
  // The first request after a change builds what all readers share (or carries it over from the
  // world before); later ones reuse it. Five changes of each kind, the median reported.
  const firsts = new Map<string, number[]>();
  let changed = after;
  worldView(changed, me);
  for (let round = 0; round < 5; round++) {
    const solver = world.players[1 + round] as MetaPlayer;
    const target = changed.locks.find(
      (l) =>
        !l.retired &&
        !l.public &&
        l.owner !== solver.codename &&
        !notesOn(changed, l.id).some((n) => n.author === solver.codename),
    ) as MetaLock;
    // A lock with notes behind it, so retiring it makes them public.
    const retiring = changed.locks.find(
      (l) => !l.retired && notesBehind(changed, l.id).some((n) => !n.public),
    ) as MetaLock;
    const changes: [string, MetaAction][] = [
      [
        'a declaration',
        {
          kind: 'declare',
          payload: { solver: solver.codename, on: target.id, behind: solver.slots[0] as number, solution },
        },
      ],
      ['a registration', { kind: 'register', payload: { codename: `~~${round}` } }],
      [
        'a lock placed in an empty slot',
        { kind: 'place', payload: { owner: `~~${round}`, slot: 0, lock, solution } },
      ],
      ['a retirement', { kind: 'retire', payload: { owner: retiring.owner, slot: retiring.slot } }],
    ];
    for (const [what, action] of changes) {
      changed = must(applyAction(changed, action, 0));
      const [, changeMs] = time(() => worldView(changed, me));
      firsts.set(what, [...(firsts.get(what) ?? []), changeMs]);
    }
  }
  for (const [what, times] of firsts)
    report(
      BENCH,
      `first request after ${what} (world view, median of 5), ${players} players`,
      ms(times.sort((a, b) => a - b)[2] as number),
      'ms',
    );
  const pages: [string, () => unknown][] = [
    ['world view (own summary and first pages)', () => worldView(after, me)],
    ["a player's own page", () => must(playerView(after, me, me))],
    ["another player's page", () => must(playerView(after, other, me))],
    ["a lockless player's page", () => must(playerView(after, lockless, me))],
    ['a lock', () => must(lockView(after, me, on))],
    ['a page of players', () => playersPage(after, me, { offset: Math.floor(players / 2) })],
    ['a page of the score table', () => scorePage(after, { offset: Math.floor(players / 2) })],
    ['a page of retired locks', () => retiredPage(after, me)],
    ['a page of notes read', () => notesPage(after, me, { read: true })],
  ];
  for (const [what, fn] of pages) {
    const [view] = time(fn);
    const runs = 20;
    const [, total] = time(() => {
      for (let i = 0; i < runs; i++) fn();
    });
    report(BENCH, `${what}, ${players} players`, ms(total / runs), 'ms');
    report(BENCH, `${what} JSON, ${players} players`, kib(view), 'KiB');
  }
  largest = built;
}

// A restart at the largest size: the whole log in a SQLite store and a world saved fewer than
// SAVE_WORLD_EVERY entries before its end, as a running server leaves them.
if (largest) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-meta-bench-'));
  const store = await openStore({ dataDir: dir, sqliteSync: 'normal' });
  try {
    const { log, world } = largest;
    const savedAt = log.length - (SAVE_WORLD_EVERY - 1);
    let snapshot = emptyWorld();
    for (const [i, action] of log.entries()) {
      must(
        await store
          .appendMetaAction({ seq: i + 1, kind: action.kind, payload: action.payload, at: 0 })
          .then((r) => (r.ok ? { ok: true as const, value: r } : { ok: false as const, error: r.reason })),
      );
      if (i + 1 === savedAt) snapshot = rebuild(log.slice(0, savedAt));
    }
    const [, saveMs] = await timeAsync(() =>
      store.saveMetaWorld({ seq: savedAt, format: WORLD_FORMAT, parts: worldParts(snapshot, null) }),
    );
    report(BENCH, `first save: the whole world, ${world.players.length} players`, Math.round(saveMs), 'ms');
    // The machine is shared: the process's own CPU time is reported beside the wall time, and
    // the median of three starts.
    const starts: { wall: number; cpu: number; metagame: ReturnType<typeof createMetagame> }[] = [];
    for (let i = 0; i < 3; i++) {
      const metagame = createMetagame({ store, now: () => 0 });
      const cpu = process.cpuUsage();
      const [, wall] = await timeAsync(() => metagame.refresh());
      const used = process.cpuUsage(cpu);
      starts.push({ wall, cpu: (used.user + used.system) / 1000, metagame });
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1] as number;
    const what = `restart: load the saved world and replay ${log.length - savedAt} entries, ${world.players.length} players`;
    report(BENCH, `${what}, wall time`, Math.round(median(starts.map((s) => s.wall))), 'ms');
    report(BENCH, `${what}, CPU time`, Math.round(median(starts.map((s) => s.cpu))), 'ms');
    const [row, readMs] = await timeAsync(() => store.metaWorld());
    report(
      BENCH,
      `restart: of which reading the saved world, ${world.players.length} players`,
      Math.round(readMs),
      'ms',
    );
    const [, partsMs] = time(() => worldFromParts(row?.parts ?? new Map()));
    report(
      BENCH,
      `restart: of which assembling it, ${world.players.length} players`,
      Math.round(partsMs),
      'ms',
    );
    const metagame = (starts[0] as (typeof starts)[number]).metagame;
    const [, firstMs] = time(() => worldView(metagame.cached(), codename(0)));
    report(BENCH, `restart: first world view, ${world.players.length} players`, Math.round(firstMs), 'ms');
    if (JSON.stringify(metagame.cached()) !== JSON.stringify(world))
      throw new Error('the restarted world differs from the one built');
    // The next save writes what changed since the last: the event loop is busy while it is
    // encoded (worldParts and JSON), then the database writes.
    const basis = { locks: snapshot.locks.length, notes: snapshot.notes.length };
    const [, encodeMs] = time(() => JSON.stringify([...worldParts(world, basis)]));
    report(
      BENCH,
      `a later save, ${log.length - savedAt} entries on: encoding (event loop), ${world.players.length} players`,
      Math.round(encodeMs),
      'ms',
    );
    const [, laterMs] = await timeAsync(() =>
      store.saveMetaWorld({ seq: log.length, format: WORLD_FORMAT, parts: worldParts(world, basis) }),
    );
    report(
      BENCH,
      `a later save, ${log.length - savedAt} entries on: in all, ${world.players.length} players`,
      Math.round(laterMs),
      'ms',
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

/** The world the server's replay makes of a log. */
function rebuild(log: readonly MetaAction[]): World {
  return log.reduce((world, action) => must(applyAction(world, action, 0)), emptyWorld());
}
