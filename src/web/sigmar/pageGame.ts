/**
 * The game the Sigmar page plays: the board it was dealt (seed, options, daily day) and the moves
 * since, kept in localStorage so a reload resumes it. What is stored is the history, not the
 * board: it is replayed through the rules, so a stale or tampered entry is dropped, never shown.
 */

import type { Result } from '../../games/game.ts';
import { replay } from '../../games/game.ts';
import { MAX_MOVES, type SigmarMove, type SigmarState, sigmar } from '../../games/sigmar/index.ts';
import {
  askedPreferences,
  asksForOptions,
  type BoardRequest,
  type DealPreferences,
  type NamedBoard,
  namedBoard,
  randomBoard,
  sameBoard,
} from './boardAddress.ts';

export interface PageGame {
  readonly board: NamedBoard;
  readonly state: SigmarState;
  /** Every move since the deal, in the game's notation (undo and try again included). */
  readonly moves: readonly string[];
}

export const SAVED_GAME_KEY = 'tessera.sigmar.game';

export function dealGame(board: NamedBoard): PageGame {
  return { board, state: sigmar.setup(board.options, board.seed), moves: [] };
}

export function playOn(game: PageGame, move: SigmarMove): Result<PageGame> {
  const next = sigmar.play(game.state, move);
  if (!next.ok) return next;
  const text = sigmar.formatMove(move, game.state);
  return { ok: true, value: { ...game, state: next.value, moves: [...game.moves, text] } };
}

/** What is stored: the board and the moves. */
export interface SavedGame {
  readonly seed: number;
  readonly daily: string | null;
  readonly template: string | null;
  readonly difficulty: string | null;
  readonly sloppy: boolean;
  readonly moves: readonly string[];
}

export const savedForm = ({ board, moves }: PageGame): SavedGame => ({
  seed: board.seed,
  daily: board.daily,
  template: board.options.template,
  difficulty: board.options.difficulty,
  sloppy: board.options.sloppy,
  moves,
});

/** The game a stored entry describes, replayed; undefined when there is none or it does not replay. */
export function restoreGame(stored: unknown): PageGame | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const s = stored as Partial<SavedGame>;
  if (
    !Number.isInteger(s.seed) ||
    (s.seed as number) < 0 ||
    (s.seed as number) >= 2 ** 32 ||
    !(s.daily === null || typeof s.daily === 'string') ||
    !Array.isArray(s.moves) ||
    s.moves.length > MAX_MOVES ||
    !s.moves.every((m) => typeof m === 'string')
  ) {
    return undefined;
  }
  const options = sigmar.parseOptions({ template: s.template, difficulty: s.difficulty, sloppy: s.sloppy });
  if (!options.ok) return undefined;
  const board: NamedBoard = { options: options.value, seed: s.seed as number, daily: s.daily };
  const state = replay(sigmar, board.options, board.seed, s.moves);
  if (!state.ok) return undefined;
  return { board, state: state.value, moves: s.moves };
}

/**
 * The game the page opens on. An address naming a board gets that board (resumed when the saved
 * game is on it); an address asking for a kind of board (or rnd=1) gets a new random one; a plain
 * address resumes the saved game unless it was won, else deals a random board with the stored
 * preferences.
 */
export function openingGame(
  request: BoardRequest,
  saved: () => PageGame | undefined,
  preferences: DealPreferences,
  randomSeed: () => number,
): PageGame {
  const named = namedBoard(request);
  if (named) {
    const resumed = saved();
    return resumed && sameBoard(named, resumed.board) ? resumed : dealGame(named);
  }
  if (!request.rnd && !asksForOptions(request)) {
    const resumed = saved();
    // A cleared board is done with: the plain address then deals the next one.
    if (resumed && sigmar.outcome(resumed.state)?.kind !== 'win') return resumed;
  }
  return dealGame(randomBoard(request.template, askedPreferences(request, preferences), randomSeed()));
}
