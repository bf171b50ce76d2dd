/** What every part of the service is built on: the store, the games, the clock and the authority. */
import { type GameSummary, type GameTerms, optionWords } from '../../api/index.ts';
import type { Answer, Authority, GameRecord } from '../../engine/index.ts';
import { refuse } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';

/** An answer, or a refusal whose code says which HTTP status it deserves (src/api/errors.ts). */
export type Reply<T> = Answer<T>;

export const done = <T>(value: T): Reply<T> => ({ ok: true, value });

export interface ServiceContext {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** Game types with a computer opponent. */
  readonly botGames: ReadonlySet<string>;
  readonly now: () => number;
  readonly authority: Authority;
  /** The game served under a name, or the refusal naming it. */
  readonly gameType: (name: string) => Reply<AnyGame>;
  /** A game's line in a list. */
  readonly summary: (record: GameRecord) => GameSummary;
}

export const gameTypeOf =
  (games: Readonly<Record<string, AnyGame>>) =>
  (name: string): Reply<AnyGame> => {
    // An own property only: `constructor` or `__proto__` is no game.
    const game = Object.hasOwn(games, name) ? games[name] : undefined;
    return game ? done(game) : refuse('not-found', `there is no game called ${name}`);
  };

/**
 * What a challenge's terms need of a game: its options in words and each seat's side, which only
 * an active game's state says (a list of finished games is read without states).
 */
function termsOf(game: AnyGame | undefined, record: GameRecord): GameTerms {
  const sides =
    game && record.status === 'active' && record.state != null
      ? record.players.map((_, seat) => game.seatName(record.state, seat))
      : [];
  return { options: optionWords(record.options, record.compact), sides };
}

export const summaryOf =
  (games: Readonly<Record<string, AnyGame>>) =>
  (record: GameRecord): GameSummary => ({
    id: record.id,
    gameType: record.gameType,
    title: games[record.gameType]?.title ?? record.gameType,
    terms: termsOf(games[record.gameType], record),
    players: record.players,
    challenger: record.challenger,
    status: record.status,
    outcome: record.outcome,
    moveCount: record.moveCount,
    toMove: record.toMove,
    rated: record.rated,
    updatedAt: record.updatedAt,
  });
