/**
 * What the browser client knows of one game: its rules (title and id come from there, written
 * once), its lobby card, its own page, and how the online game page draws and plays it. The table
 * of them (./games.ts) is keyed on the game ids, so a game without an entry is a type error; the
 * client is started with that table (./start.tsx), so a test can start it with one game more.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { AnyGame } from '../games/index.ts';

/** What the online game page hands a game's own pieces (board, status, buttons). */
export interface OnlineProps<View = unknown> {
  /** The position as this player (or a spectator) may see it. */
  readonly view: View;
  /** Is it this player's move in a game still being played? */
  readonly myTurn: boolean;
  /** Is the game still being played? */
  readonly active: boolean;
  /** Moves played so far. */
  readonly moveCount: number;
  /** The viewer's seat, or null for a watcher. */
  readonly seat?: number | null;
  /** The players' names by seat (an online game), so that the board's texts name them. */
  readonly players?: readonly string[];
  /** Play a move, written in the game's notation (the rules check it first). */
  readonly play: (move: string) => void;
  /** A move to draw on the board as a suggestion (the computer's better move in a replay's analysis). */
  readonly hint?: string | null;
  /** Tell the player something, such as why a move cannot be made there. */
  readonly say: (message: string) => void;
}

/** How a board is played from the keyboard once Tab has reached it. */
export interface BoardKeys {
  /** What Enter does, as a verb: "claims", "plays". */
  readonly enter: string;
  /** Letter keys that play a move of their own, by key: `{ n: 'next' }`. */
  readonly letters: Readonly<Record<string, string>>;
  /** The letters in words, for the hint under the buttons: "n next round". */
  readonly lettersHelp: string;
}

/** A form for a new game's options in the challenge form. */
export interface OptionsForm<Options = unknown> {
  readonly initial: Options;
  readonly Fields: ComponentType<{ value: Options; onChange: (value: Options) => void }>;
}

/** How the online game page shows and plays a game. Every piece is optional: without a board the
 * game's text board is shown, and moves are typed. */
export interface OnlinePlay<View = unknown> {
  /** The board, played with the pointer (and the keyboard, see `keys`). */
  readonly Board?: ComponentType<OnlineProps<View>>;
  /** The keys of the board, when it is played from the keyboard. */
  readonly keys?: BoardKeys;
  /** What the side panel says about the position (score, modes). */
  readonly Status?: ComponentType<OnlineProps<View>>;
  /** Moves with buttons of their own, beside the typed move (next round, switch, swap). */
  readonly Buttons?: ComponentType<OnlineProps<View>>;
  /** The position in words, for people who cannot see the board (see BoardText.tsx). */
  readonly describe?: (view: View) => string;
  /** The challenge form's fields for the new game's options (without it: the defaults). */
  readonly options?: OptionsForm;
}

export interface WebPage {
  readonly title: string;
  readonly render: () => ReactNode;
  /** The page names the browser tab itself, once it knows more than `title` (a game's players). */
  readonly titlesItself?: boolean;
}

export interface WebGame {
  readonly game: AnyGame;
  /** The lobby card's one line. */
  readonly blurb: string;
  /** The game's own page at /<id>, played in the browser alone (no account needed). */
  readonly Page?: ComponentType;
  /** More pages of the game, by path. */
  readonly pages?: Readonly<Record<string, WebPage>>;
  /** Played online between people (and against the computer where the game has an `ai`). */
  // biome-ignore lint/suspicious/noExplicitAny: each game's pieces take its own view type.
  readonly online?: OnlinePlay<any>;
}

export type WebGames = Readonly<Record<string, WebGame>>;

const WebGamesContext = createContext<WebGames>({});

export const WebGamesProvider = WebGamesContext.Provider;

/** The games this client was started with. */
export const useWebGames = (): WebGames => useContext(WebGamesContext);
