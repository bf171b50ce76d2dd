/**
 * A local session's state, and the steps its methods share: what the view shows, which seat the
 * computer holds, how many moves an undo takes back, and asking the computer for its move.
 */
import type { AnyGame, Seat } from '../games/game.ts';
import type { Authority } from './authority/index.ts';
import type { LocalConfig, LocalEvent, LocalPlayer, LocalView } from './local-types.ts';
import type { GameRecord, MemoryPort, MoveRecord } from './port/index.ts';

export interface LocalState {
  readonly game: AnyGame;
  readonly config: LocalConfig;
  readonly seats: readonly LocalPlayer[];
  /** The first state, made before the authority creates the game, so the view shows it at once. */
  readonly first: unknown;
  readonly port: MemoryPort;
  readonly authority: Authority;
  readonly players: readonly string[];
  readonly listeners: Set<(event: LocalEvent) => void>;
  record: GameRecord | null;
  moves: readonly MoveRecord[];
  thinking: boolean;
  paused: boolean;
  /** The game's move count at which `proceed` let the computer past a held position. */
  proceedAt: number;
  /** Bumped whenever a computer's answer in flight stops being wanted. */
  generation: number;
  search: AbortController | null;
  /** Every change, one after another: the authority sees them in the order they were asked for. */
  queue: Promise<unknown>;
  idle: Promise<void>;
  view: LocalView;
}

const stateNow = (s: LocalState) => (s.record ? s.record.state : s.first);

export const seatToMove = (s: LocalState, r: GameRecord | null): Seat | undefined =>
  r ? (r.status === 'active' ? s.game.toMove(r.state) : undefined) : s.game.toMove(s.first);

export const isComputer = (s: LocalState, seat: Seat | undefined) =>
  seat !== undefined && s.seats[seat] === 'computer';

export const isHeld = (s: LocalState, r: GameRecord | null): boolean =>
  r !== null &&
  isComputer(s, seatToMove(s, r)) &&
  s.config.holdAt?.(r.state) === true &&
  s.proceedAt !== r.moveCount;

/** How many moves an undo takes back now, or 0. */
export function undoable(s: LocalState): number {
  const record = s.record;
  if (!record) return 0;
  let back = record.moveCount;
  if (back === 0) return 0;
  back--;
  const gameId = record.id;
  const moverAt = (n: number) => {
    const then = s.port.recordAt(gameId, n);
    return then ? s.game.toMove(then.state) : undefined;
  };
  while (back > 0 && isComputer(s, moverAt(back))) back--;
  // A computer's opening is not the person's to take back.
  if (isComputer(s, moverAt(back))) return 0;
  return record.moveCount - back;
}

export const makeView = (s: LocalState): LocalView => ({
  state: stateNow(s),
  moves: s.moves,
  toMove: seatToMove(s, s.record),
  outcome: s.record?.outcome ?? null,
  thinking: s.thinking,
  canUndo: undoable(s) > 0,
  held: isHeld(s, s.record),
});

export function changed(s: LocalState, event: LocalEvent): void {
  s.view = makeView(s);
  for (const listener of s.listeners) listener(event);
}

export function serially<T>(s: LocalState, task: () => Promise<T>): Promise<T> {
  const run = s.queue.then(task);
  s.queue = run.catch(() => {});
  return run;
}

/** Drop the computer's search under way; true if there was one. */
export function stopThinking(s: LocalState): boolean {
  s.generation++;
  s.search?.abort();
  s.search = null;
  if (!s.thinking) return false;
  s.thinking = false;
  s.view = makeView(s);
  return true;
}

/** Ask the computer for a move if its seat is to move; its answer is played when it comes. */
export function maybeCompute(s: LocalState): void {
  const record = s.record;
  const seat = seatToMove(s, record);
  const computer = s.config.computer;
  if (s.paused || s.thinking || !record || !computer || !isComputer(s, seat) || seat === undefined) return;
  if (isHeld(s, record)) return;
  const asked = s.generation;
  const gameId = record.id;
  const state = record.state;
  const moveNo = record.moveCount + 1;
  const controller = new AbortController();
  s.search = controller;
  s.thinking = true;
  changed(s, { kind: 'thinking', thinking: true });
  // A dropped search counts as answered, whether or not the computer heeds the signal.
  const answer = new Promise<unknown>((resolve, reject) => {
    controller.signal.addEventListener('abort', () => resolve(undefined));
    computer({ state, seat, moveNo, signal: controller.signal }).then(resolve, reject);
  });
  const done = answer.then(
    (move) =>
      serially(s, async () => {
        if (asked !== s.generation) return;
        s.search = null;
        s.thinking = false;
        const text = typeof move === 'string' ? move : s.game.formatMove(move, state);
        const taken = await s.authority.move({
          gameId,
          user: s.players[seat] as string,
          move: text,
          moveNo,
        });
        if (!taken.ok) {
          changed(s, {
            kind: 'computer-failed',
            error: `the computer chose an illegal move: ${taken.error}`,
          });
          return;
        }
        after(s, taken.value.game, taken.value.moves, 'computer');
      }),
    (error: unknown) => {
      if (asked !== s.generation) return;
      s.search = null;
      s.thinking = false;
      changed(s, { kind: 'computer-failed', error: error instanceof Error ? error.message : String(error) });
    },
  );
  s.idle = Promise.all([s.idle, done]).then(() => {});
}

/** Take in a committed move: tell the client, then let the computer answer. */
export function after(s: LocalState, next: GameRecord, played: readonly MoveRecord[], by: LocalPlayer): void {
  s.record = next;
  for (const move of played) {
    s.moves = [...s.moves, move];
    changed(s, { kind: 'move', move, by });
  }
  maybeCompute(s);
}
