/**
 * A local game: solo, two people at one keyboard, or against the computer, run through the one
 * authority on memory, as a server runs it on its database (boardgame.io's `Local({ bots })` runs
 * its master in the client the same way). Every move, the person's and the computer's, is made
 * true by the authority's checks; what the session adds is what only a local game has: undo, and
 * a computer that moves when its seat is to move.
 *
 * The computer is a function the client injects (a web worker, a terminal worker thread, or the
 * AI called in place), so its search stays off whatever thread it is off today. The session has
 * no clock but the one injected; it tells the client of every change through `subscribe`, and its
 * `view()` is a snapshot that changes identity only on a change (fit for React's
 * `useSyncExternalStore`).
 */
import { type AnyGame, fail, ok, type Result } from '../games/game.ts';
import { createAuthority } from './authority/index.ts';
import { playForPerson, startGame, undoMoves } from './local-moves.ts';
import { isHeld, type LocalState, makeView, maybeCompute, serially, stopThinking } from './local-state.ts';
import type { Computer, LocalConfig, LocalSession } from './local-types.ts';
import { type GameRecord, memoryPort } from './port/index.ts';

export type * from './local-types.ts';

const PLAYER_NAMES = (count: number) => Array.from({ length: count }, (_, seat) => `seat ${seat + 1}`);

/** A local game. Fails with a sentence when the options or the seats do not fit the game. */
export function createLocalSession(config: LocalConfig): Result<LocalSession> {
  const { game, seats } = config;
  const now = config.now ?? (() => 0);
  const seed = config.seed ?? 0;
  const options = game.parseOptions(config.options);
  if (!options.ok) return options;
  if (seats.length !== game.seatCount(options.value)) {
    return fail(`${game.title} needs ${game.seatCount(options.value)} seats, not ${seats.length}`);
  }
  if (seats.includes('computer') && !config.computer) return fail('a computer seat needs a computer player');
  // The first state is made here, so the session shows it at once; the authority takes it as is.
  const first = game.setup(options.value, seed);
  const port = memoryPort();
  const authority = createAuthority({
    port,
    games: { [game.id]: game },
    now,
    setup: async () => ({ ok: true, value: first }),
  });
  const s = {
    game,
    config,
    seats,
    first,
    port,
    authority,
    players: PLAYER_NAMES(seats.length),
    listeners: new Set(),
    record: null,
    moves: [],
    thinking: false,
    paused: config.paused === true,
    proceedAt: -1,
    generation: 0,
    search: null,
    queue: Promise.resolve(),
    idle: Promise.resolve(),
  } as Omit<LocalState, 'view'> as LocalState;
  s.view = makeView(s);

  const ready = serially(s, () => startGame(s, options.value, seed));
  const play = (textOf: (state: unknown) => string) => serially(s, () => playForPerson(s, ready, textOf));

  return ok({
    game,
    seats,
    view: () => s.view,
    subscribe(listener) {
      s.listeners.add(listener);
      return () => s.listeners.delete(listener);
    },
    playText: (text) => play(() => text),
    playMove: (move) => play((state) => game.formatMove(move, state)),
    undo: () => serially(s, () => undoMoves(s, ready, now)),
    pause() {
      s.paused = true;
      if (stopThinking(s))
        for (const listener of s.listeners) listener({ kind: 'thinking', thinking: false });
    },
    resume() {
      s.paused = false;
      void serially(s, async () => {
        await ready;
        maybeCompute(s);
      });
    },
    proceed() {
      void serially(s, async () => {
        await ready;
        if (!isHeld(s, s.record)) return;
        s.proceedAt = (s.record as GameRecord).moveCount;
        s.view = makeView(s);
        maybeCompute(s);
      });
    },
    async settled() {
      for (;;) {
        const waiting = s.idle;
        await s.queue;
        await waiting;
        if (waiting === s.idle && !s.thinking) return;
      }
    },
  });
}

export interface InPlaceBudget {
  /** Time per move, read on the caller's clock. */
  readonly thinkMs: number;
  readonly now: () => number;
  /** The seed for the AI's choices in a position. */
  readonly seed: (state: unknown) => number;
  readonly level?: number;
}

/**
 * A computer that runs the game's own AI (`game.ai`) on the calling thread, for callers that wait
 * for it anyway (the command line, tests); pages and screens run the same AI in a worker instead.
 */
export function inPlaceComputer(game: AnyGame, budget: InPlaceBudget): Computer {
  const ai = game.ai;
  if (!ai) throw new Error(`${game.title} has no computer player`);
  return async ({ state }) => {
    const deadline = budget.now() + budget.thinkMs;
    return ai.chooseMove(state, {
      seed: budget.seed(state),
      level: budget.level,
      timeUp: () => budget.now() > deadline,
    });
  };
}
