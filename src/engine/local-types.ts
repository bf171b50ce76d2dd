/** What a local session is given and what it shows: its settings, its view, its events, its methods. */
import type { AnyGame, Outcome, Result, Seat } from '../games/game.ts';
import type { MoveRecord } from './port/index.ts';

/** Who sits in a seat of a local game. */
export type LocalPlayer = 'person' | 'computer';

export interface ComputerRequest {
  readonly state: unknown;
  readonly seat: Seat;
  /** The number the computer's move will have (1-based). */
  readonly moveNo: number;
  /** Aborted when the answer is no longer wanted (an undo, a pause, the page closing). */
  readonly signal: AbortSignal;
}

/** The computer's move for a position: one of the game's moves, or the move's text. */
export type Computer = (request: ComputerRequest) => Promise<unknown>;

export interface LocalConfig {
  readonly game: AnyGame;
  /** The game's options, untrusted: they are checked as a server checks a challenge's. */
  readonly options?: unknown;
  readonly seed?: number;
  /** One entry per seat. */
  readonly seats: readonly LocalPlayer[];
  /** Needed when a seat is the computer's. */
  readonly computer?: Computer;
  /** Start with the computer held (see `pause`). */
  readonly paused?: boolean;
  /**
   * Positions the computer does not move from until a person says so (`proceed`), such as a
   * finished Atom-4 round, which stays on screen until the next round is asked for.
   */
  readonly holdAt?: (state: unknown) => boolean;
  /**
   * Moves already played, in the game's notation (a game kept across a reload): replayed through
   * the authority before anything else, up to the first it refuses.
   */
  readonly moves?: readonly string[];
  /** The clock moves are stamped with; local play needs none, so by default it reads 0. */
  readonly now?: () => number;
}

export interface LocalView {
  readonly state: unknown;
  /** Every move so far, in the game's notation. */
  readonly moves: readonly MoveRecord[];
  /** The seat to move, or undefined once the game is over. */
  readonly toMove: Seat | undefined;
  readonly outcome: Outcome | null;
  /** The computer is choosing a move. */
  readonly thinking: boolean;
  /** A person has a move to take back. */
  readonly canUndo: boolean;
  /** The computer is to move from a held position (`holdAt`) and waits for `proceed`. */
  readonly held: boolean;
}

export type LocalEvent =
  | { readonly kind: 'move'; readonly move: MoveRecord; readonly by: LocalPlayer }
  | { readonly kind: 'undo'; readonly moves: number }
  /** The moves given to start from were replayed. */
  | { readonly kind: 'restored'; readonly moves: number }
  /** The computer started or stopped choosing a move. */
  | { readonly kind: 'thinking'; readonly thinking: boolean }
  | { readonly kind: 'computer-failed'; readonly error: string };

export interface LocalSession {
  readonly game: AnyGame;
  readonly seats: readonly LocalPlayer[];
  view(): LocalView;
  /** Called after every change, with what changed. Returns the function that unsubscribes. */
  subscribe(listener: (event: LocalEvent) => void): () => void;
  /** Play a move, in the game's notation, for the person whose seat is to move. */
  playText(text: string): Promise<Result<MoveRecord>>;
  /** Play one of the game's moves for the person whose seat is to move. */
  playMove(move: unknown): Promise<Result<MoveRecord>>;
  /**
   * Take back moves until a person is to move again with one move fewer of theirs: one move
   * between people, the computer's reply and the move it answered against the computer. Works
   * after the end too. The number of moves taken back, or why there is none to take back.
   */
  undo(): Promise<Result<number>>;
  /** Hold the computer: a search under way is dropped, and none starts until `resume`. */
  pause(): void;
  resume(): void;
  /** Let the computer move from the held position it waits in (see `holdAt`). */
  proceed(): void;
  /** Resolves once every change asked for so far is made and the computer is not thinking. */
  settled(): Promise<void>;
}
