/**
 * Tournaments at correspondence pace: who made one and on what terms, who entered, and each
 * round's games (rows of the games table). A round is paired in one transaction with its games,
 * guarded by its own row, so a round is never paired twice (a second pairing of the same round,
 * by a restarted or a parallel process, finds the row and writes nothing) nor half-paired.
 */
import type { NewGame, TimeControl } from '../../engine/index.ts';
import type { NewMail } from './mail.ts';

export type TournamentFormat = 'round-robin' | 'swiss';
/** open: taking entries; running: paired; finished: every round played; cancelled: never started. */
export type TournamentState = 'open' | 'running' | 'finished' | 'cancelled';

export interface NewTournament {
  readonly name: string;
  /** Who made it (a player, or the operator's account). */
  readonly creator: string;
  readonly gameType: string;
  /** The game's options, as its rules read them. */
  readonly options: unknown;
  readonly timeControl: TimeControl | null;
  readonly rated: boolean;
  readonly format: TournamentFormat;
  /** A Swiss's rounds; a round robin's are fixed when it starts (one fewer than its players, or as many when odd). */
  readonly rounds: number;
  readonly maxPlayers: number;
  /** Start at this time with whoever has entered (at least two); without it, start when full. */
  readonly startsAt: number | null;
  /** A Swiss round's deadline, in days from its pairing: its unfinished games are then forfeited by the clocks' rules. */
  readonly roundDays: number | null;
  readonly at: number;
}

export interface Tournament extends NewTournament {
  readonly id: number;
  readonly state: TournamentState;
  /** The last round paired (0 before the start; a round robin pairs all its rounds at once). */
  readonly roundsPaired: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Entrants in the order they entered. */
  readonly entrants: readonly string[];
}

/** One board of a round: its game, or a bye (`second` null, no game). */
export interface TournamentBoard {
  readonly round: number;
  readonly board: number;
  /** Who moves first (seat 0), and who second. */
  readonly first: string;
  readonly second: string | null;
  readonly gameId: number | null;
}

/** A board with how its game stands. */
export interface TournamentGame extends TournamentBoard {
  readonly status: 'active' | 'finished' | null;
  /** Seat 0's score once finished: 1, 0.5 or 0. */
  readonly firstScore: number | null;
  /** Given up before both had moved (the rules make such a game void): both score nothing. */
  readonly voided: boolean;
}

export interface TournamentRound {
  readonly round: number;
  readonly pairedAt: number;
  /** When its unfinished games are forfeited (a Swiss with a round deadline). */
  readonly deadline: number | null;
}

export interface TournamentDetail extends Tournament {
  readonly paired: readonly TournamentRound[];
  readonly games: readonly TournamentGame[];
}

/** A round to pair: its boards (the games in board order, byes after them), and what else the same transaction writes. */
export interface RoundPairing {
  readonly tournamentId: number;
  /** The first round paired now, and how many (a round robin pairs all of them at once). */
  readonly round: number;
  readonly boards: readonly {
    readonly round: number;
    readonly first: string;
    readonly second: string | null;
  }[];
  /** The game of each board that has two players, in the same order. */
  readonly games: readonly NewGame[];
  readonly deadline: number | null;
  /** The first pairing starts the tournament: its rounds, now fixed. */
  readonly start?: { readonly rounds: number };
  /** The mails the pairing sends (each player's new games). */
  readonly mails: readonly NewMail[];
  readonly at: number;
}

export type JoinAnswer = 'joined' | 'left' | 'not-open' | 'full' | 'already' | 'not-entered' | 'not-found';

export interface TournamentStore {
  createTournament(tournament: NewTournament): Promise<Tournament>;
  tournament(id: number): Promise<TournamentDetail | undefined>;
  /** Newest first, in a state if given; `user`: those they entered; `creator`: those they made. */
  tournaments(filter: {
    readonly state?: TournamentState;
    readonly user?: string;
    readonly creator?: string;
    readonly limit: number;
  }): Promise<Tournament[]>;
  /** In one transaction: the entry, if the tournament is open and not full. */
  joinTournament(id: number, user: string, at: number): Promise<JoinAnswer>;
  leaveTournament(id: number, user: string): Promise<JoinAnswer>;
  /**
   * In one transaction: the round's row (or rows), its games, their boards and the mails; or
   * nothing, answering false, when the round was already paired or is not the next one.
   */
  pairRound(pairing: RoundPairing): Promise<number[] | false>;
  /** Open tournaments due to start (full, or past their date) and running ones whose round may be done. */
  tournamentsToLookAt(now: number): Promise<number[]>;
  /** The tournament a game belongs to, if any. */
  tournamentOfGame(gameId: number): Promise<number | undefined>;
  /** In one transaction: finished (or cancelled) if it was not already, with its mails. */
  endTournament(
    id: number,
    state: 'finished' | 'cancelled',
    mails: readonly NewMail[],
    at: number,
  ): Promise<boolean>;
}
