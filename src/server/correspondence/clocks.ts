/**
 * Correspondence clocks on the server: reading a timed game's clocks from what the store keeps
 * (the arithmetic is the engine's), and the keeper that reminds players and ends games on time.
 *
 * The keeper claims the clocks due for a look (each held by one process for a while, so several
 * processes share the work), reads each exactly, and then either ends the game on time through
 * the one authority (its version check lets only one process do it, and only if no move came
 * first), writes a reminder once per turn, or moves the look on to when one of those is due.
 * Everything it must do later is in the store, so a restart loses nothing.
 */
import type { GameClock } from '../../api/index.ts';
import {
  type Authority,
  type ClockReading,
  formatTimeControl,
  type GameRecord,
  type Interval,
  readClock,
  type TimeControl,
} from '../../engine/index.ts';
import type { Store } from '../../store/index.ts';

export interface GameClockRead {
  readonly control: TimeControl;
  readonly reading: ClockReading;
  readonly vacations: readonly (readonly Interval[])[];
}

/** A game's clocks at `now`, or undefined when it has no time control. */
export async function readGameClock(
  store: Store,
  record: GameRecord,
  now: number,
  known?: TimeControl | null,
): Promise<GameClockRead | undefined> {
  const control = known === undefined ? await store.timeControl(record.id) : known;
  if (!control) return undefined;
  const moves = await store.moveLog(record.id, 0);
  const byUser = await store.vacations(record.players, record.createdAt);
  const vacations = record.players.map((user) => byUser.get(user) ?? []);
  const toMove =
    record.status === 'active' && record.toMove !== null ? record.players.indexOf(record.toMove) : -1;
  const reading = readClock(
    control,
    record.players.length,
    record.createdAt,
    moves,
    toMove < 0 ? null : toMove,
    vacations,
    // A finished game's clocks stand as they were when it ended.
    record.status === 'active' ? now : record.updatedAt,
  );
  return { control, reading, vacations };
}

/**
 * The clocks of the active timed games among `records` at `now`, by game id, with the same
 * arithmetic as readGameClock but a fixed number of queries however many games: their controls,
 * the moves their clocks count (../../store/ports/clocks.ts) and their players' vacations.
 */
export async function readGameClocks(
  store: Store,
  records: readonly GameRecord[],
  now: number,
  known?: ReadonlyMap<number, TimeControl>,
): Promise<Map<number, GameClockRead>> {
  const active = records.filter((r) => r.status === 'active' && r.toMove !== null);
  const controls = known ?? (await store.timeControls(active.map((r) => r.id)));
  const timed = active.filter((r) => controls.has(r.id));
  const read = new Map<number, GameClockRead>();
  if (timed.length === 0) return read;
  const moves = await store.clockMoves(
    timed.map((r) => ({
      gameId: r.id,
      moveCount: r.moveCount,
      whole: (controls.get(r.id)?.bankDays ?? 0) > 0,
    })),
  );
  // Vacations that ended before a game began count nothing in it, so one `since` serves all.
  const byUser = await store.vacations(
    [...new Set(timed.flatMap((r) => r.players))],
    Math.min(...timed.map((r) => r.createdAt)),
  );
  for (const record of timed) {
    const control = controls.get(record.id) as TimeControl;
    const vacations = record.players.map((user) => byUser.get(user) ?? []);
    const toMove = record.players.indexOf(record.toMove as string);
    const reading = readClock(
      control,
      record.players.length,
      record.createdAt,
      moves.get(record.id) ?? [],
      toMove < 0 ? null : toMove,
      vacations,
      now,
    );
    read.set(record.id, { control, reading, vacations });
  }
  return read;
}

/** The clocks as the wire carries them (src/api/http.ts). */
export function clockOnWire(read: GameClockRead, now: number): GameClock {
  const { control, reading, vacations } = read;
  return {
    control: formatTimeControl(control),
    daysPerMove: control.daysPerMove,
    bankDays: control.bankDays,
    at: now,
    toMove: reading.toMove,
    deadline: reading.deadline,
    seats: reading.seats.map((s, seat) => ({
      remainingMs: Math.round(s.remainingMs),
      bankMs: Math.round(s.bankMs),
      vacationUntil: vacations[seat]?.find((v) => v.from <= now && now < v.to)?.to ?? null,
    })),
  };
}

export interface ClockKeeperOptions {
  readonly store: Store;
  readonly authority: Authority;
  readonly now: () => number;
  /** How often to look for clocks due (default 30 s). */
  readonly everyMs?: number;
  /** How long a claimed clock is held by this process before another may take it (default 60 s). */
  readonly holdMs?: number;
  readonly onError?: (error: unknown) => void;
  /** A reminder was written for the player to move in `record` (to tell their open clients too). */
  readonly onReminded?: (record: GameRecord) => void;
}

export interface LookResult {
  readonly timedOut: number;
  readonly reminded: number;
}

export interface ClockKeeper {
  /** Look at every clock due now; what was done. */
  tick(): Promise<LookResult>;
  start(): void;
  stop(): Promise<void>;
}

/** Clocks claimed per query. */
const BATCH = 100;

export function createClockKeeper(options: ClockKeeperOptions): ClockKeeper {
  const { store, authority, now } = options;
  const everyMs = options.everyMs ?? 30_000;
  const holdMs = options.holdMs ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  const look = async (gameId: number, claimedTurn: number, claimedReminded: number, at: number) => {
    const result = { timedOut: 0, reminded: 0 };
    const record = await store.loadGame(gameId);
    // A move since the claim started a new turn whose look its commit wrote; an ended game has none.
    if (!record || record.status !== 'active' || record.moveCount > claimedTurn) return result;
    let turn = claimedTurn;
    let reminded = claimedReminded;
    if (record.moveCount < turn) {
      // Moves were taken back: the earlier turn is running again, from the move before it.
      if (!(await store.rebaseClock(gameId, turn, record.moveCount))) return result;
      turn = record.moveCount;
      reminded = -1;
    }
    const read = await readGameClock(store, record, at);
    const { deadline, remindAt } = read?.reading ?? {};
    if (!read || deadline == null || remindAt == null || record.toMove === null) return result;
    if (deadline <= at) {
      const lost = await authority.loseOnTime({ gameId, version: record.version });
      if (lost.ok) result.timedOut++;
      // Refused: a move or another process came first (the game changed); look again soon.
      else await store.moveClockOn(gameId, turn, at);
      return result;
    }
    if (reminded < turn && remindAt <= at) {
      const notice = { user: record.toMove, kind: 'reminder' as const, gameId, moveNo: record.moveCount, at };
      if (await store.remindOnce(gameId, turn, deadline, notice)) {
        result.reminded++;
        options.onReminded?.(record);
      }
      return result;
    }
    await store.moveClockOn(gameId, turn, reminded < turn ? Math.min(remindAt, deadline) : deadline);
    return result;
  };

  const tick = async (): Promise<LookResult> => {
    const total = { timedOut: 0, reminded: 0 };
    for (;;) {
      const at = now();
      const due = await store.claimClocks(at, at + holdMs, BATCH);
      for (const clock of due) {
        try {
          const r = await look(clock.gameId, clock.turn, clock.reminded, at);
          total.timedOut += r.timedOut;
          total.reminded += r.reminded;
        } catch (error) {
          // Held until the hold ends, then looked at again.
          options.onError?.(error);
        }
      }
      if (due.length < BATCH) return total;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => options.onError?.(error))
        .finally(schedule);
    }, everyMs);
    timer.unref?.();
  };

  return {
    tick,
    start() {
      if (!stopped) return;
      stopped = false;
      running = tick()
        .catch((error) => options.onError?.(error))
        .finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
