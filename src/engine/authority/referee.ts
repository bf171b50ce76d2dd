/**
 * The referee's steps every request shares: find the game and the asker's seat in it, check a
 * move with the game's rules and make it a change, and announce a committed change.
 */
import { type AnyGame, limitOutcome, type Result, type Seat } from '../../games/game.ts';
import type { Change, GameEvent, GamePort, GameRecord } from '../port/index.ts';
import { type Answer, ok, refuse } from '../port/index.ts';
import type { AuthorityOptions } from './requests.ts';

/** Conflicting commits retried for requests that did not pin a move number. */
export const RETRIES = 5;

/** What every part of the authority works with: its options, with their defaults filled in. */
export interface Referee {
  readonly port: GamePort;
  readonly games: AuthorityOptions['games'];
  readonly now: () => number;
  readonly notify: (event: GameEvent) => void;
  readonly firstState: (
    game: AnyGame,
    options: unknown,
    seed: number,
    challenger: string | null,
  ) => Promise<Result<unknown>>;
}

export function referee(options: AuthorityOptions): Referee {
  return {
    port: options.port,
    games: options.games,
    now: options.now,
    notify: options.notify ?? (() => {}),
    firstState: options.setup ?? (async (game, o, seed) => ok(game.setup(o, seed))),
  };
}

export function gameOf(r: Referee, record: GameRecord): AnyGame {
  const game = r.games[record.gameType];
  if (!game) throw new Error(`game ${record.id} has unknown type ${record.gameType}`);
  return game;
}

/** The game to compute a change on (the commit checks its version). */
export async function load(r: Referee, id: number): Promise<Answer<GameRecord>> {
  const record = await (r.port.loadRecent ? r.port.loadRecent(id) : r.port.loadGame(id));
  return record ? ok(record) : refuse('not-found', `there is no game ${id}`);
}

/**
 * Whether the game has changed since `record` was read: asked before refusing a request, when
 * the port may answer from a copy a moment behind another writer (see `loadRecent`).
 */
export async function behind(r: Referee, record: GameRecord): Promise<boolean> {
  if (!r.port.loadRecent) return false;
  const stored = await r.port.loadGame(record.id);
  return stored !== undefined && stored.version !== record.version;
}

export function seatOf(record: GameRecord, user: string): Answer<Seat> {
  const seat = record.players.indexOf(user);
  return seat < 0 ? refuse('forbidden', `${user} is not a player in game ${record.id}`) : ok(seat);
}

const notActive = (record: GameRecord): string | null =>
  record.status === 'active'
    ? null
    : `game ${record.id} is ${record.status === 'void' ? 'void (declined)' : 'over'}`;

/** The change that plays `text` for `seat`, or why it may not. */
export function planMove(
  r: Referee,
  record: GameRecord,
  seat: Seat,
  text: string,
  auto: boolean,
): Answer<Change> {
  const game = gameOf(r, record);
  const turn = game.toMove(record.state);
  if (turn === undefined) return refuse('game-over', `game ${record.id} is over`);
  if (turn !== seat) {
    return refuse(
      'not-your-turn',
      `it is not your turn: ${record.players[turn]} (${game.seatName(record.state, turn)}) is to move`,
    );
  }
  const parsed = game.parseMove(text, record.state);
  if (!parsed.ok) return refuse('illegal-move', parsed.error);
  const next = game.play(record.state, parsed.value);
  if (!next.ok) return refuse('illegal-move', `illegal move ${text.trim()}: ${next.error}`);
  const at = r.now();
  return ok({
    gameId: record.id,
    version: record.version,
    move: {
      moveNo: record.moveCount + 1,
      seat,
      text: game.formatMove(parsed.value, record.state),
      auto,
      at,
    },
    state: next.value,
    moveCount: record.moveCount + 1,
    ...afterMove(game, record, next.value),
    at,
  });
}

/** The game's status, outcome and player to move once a move has led from `record` to `state`. */
export function afterMove(
  game: AnyGame,
  record: GameRecord,
  state: unknown,
): Pick<Change, 'status' | 'outcome' | 'toMove'> {
  // A game that reaches its length limit undecided ends there.
  const outcome = game.outcome(state) ?? limitOutcome(game, record.options, record.moveCount + 1) ?? null;
  const nextSeat = outcome ? undefined : game.toMove(state);
  return {
    status: outcome ? 'finished' : 'active',
    outcome,
    toMove: nextSeat === undefined ? null : (record.players[nextSeat] ?? null),
  };
}

/** The game and the user's seat in it, if the user plays in it and it is still being played. */
export async function activeSeat(
  r: Referee,
  gameId: number,
  user: string,
): Promise<Answer<{ record: GameRecord; seat: Seat }>> {
  const loaded = await load(r, gameId);
  if (!loaded.ok) return loaded;
  const record = loaded.value;
  const seat = seatOf(record, user);
  if (!seat.ok) return seat;
  const inactive = notActive(record);
  if (inactive) return refuse('game-over', inactive);
  return ok({ record, seat: seat.value });
}

export function announce(r: Referee, record: GameRecord, change: Change): void {
  if (change.move) r.notify({ kind: 'move', game: record, move: change.move });
  else r.notify({ kind: 'end', game: record });
}
