/**
 * The new-challenge form as pure state: which game, the opponent, each game's settings, the row
 * being edited; what a key does to it; and the request it makes.
 */
import type { Key } from 'ink';
import type { Challenge } from '../../api/index.ts';
import type { OnlineEntry } from '../games.ts';
import { type Choice, type PickedIndexes, pickedValues, stepPick } from '../tui-game.ts';
import { editText } from './text-input.ts';

export interface ChallengeState {
  readonly gameIndex: number;
  /** A user id, or `computer`. */
  readonly opponent: string;
  readonly picked: PickedIndexes;
  /** 0 the game, 1 the opponent, 2.. the game's settings, then the time limit. */
  readonly row: number;
  /** The time limit, an index into TIME_LIMITS (none by default). */
  readonly time?: number;
}

/** The time limits the form offers (a challenge may ask for any, see docs/online.md). */
export const TIME_LIMITS = ['none', '1d', '2d', '3d', '5d', '7d', '14d', '1d+3d', '3d+7d', '7d+14d'] as const;

/** The time limit chosen: `none`, or days per move with an optional bank (`3d+7d`). */
export const timeLimitOf = (state: ChallengeState): string => TIME_LIMITS[state.time ?? 0] ?? 'none';

export const INITIAL_CHALLENGE: ChallengeState = { gameIndex: 0, opponent: 'computer', picked: {}, row: 0 };

/** What a key does: a new state, send the challenge, leave the form, or nothing. */
export type ChallengeStep = { readonly state: ChallengeState } | 'submit' | 'cancel' | null;

export const chosenGame = (state: ChallengeState, games: readonly OnlineEntry[]): OnlineEntry =>
  games[state.gameIndex] as OnlineEntry;

/** The value shown for a setting of the chosen game. */
export function settingValue(state: ChallengeState, games: readonly OnlineEntry[], setting: Choice): string {
  const game = chosenGame(state, games);
  return setting.values[state.picked[game.id]?.[setting.label] ?? 0] as string;
}

export function challengeKey(
  state: ChallengeState,
  input: string,
  key: Key,
  games: readonly OnlineEntry[],
): ChallengeStep {
  const game = chosenGame(state, games);
  const timeRow = 2 + game.settings.length;
  const rowCount = timeRow + 1;
  const to = (next: Partial<ChallengeState>) => ({ state: { ...state, ...next } });
  if (key.escape) return 'cancel';
  if (key.upArrow || (key.shift && key.tab)) return to({ row: (state.row + rowCount - 1) % rowCount });
  if (key.downArrow || key.tab) return to({ row: (state.row + 1) % rowCount });
  if (key.return) return 'submit';
  const step = key.rightArrow ? 1 : key.leftArrow ? -1 : 0;
  if (state.row === 1) {
    const next = editText(state.opponent, input, key, 20);
    return next === null ? null : to({ opponent: next });
  }
  if (step === 0) return input === 'q' ? 'cancel' : null;
  if (state.row === 0) return to({ gameIndex: (state.gameIndex + step + games.length) % games.length });
  if (state.row >= timeRow)
    return to({ time: ((state.time ?? 0) + step + TIME_LIMITS.length) % TIME_LIMITS.length, row: timeRow });
  return to({ picked: stepPick(state.picked, game.id, game.settings[state.row - 2] as Choice, step) });
}

/** The challenge to send (POST /api/games), or what is missing. */
export function challengeRequest(
  state: ChallengeState,
  me: string,
  games: readonly OnlineEntry[],
):
  | {
      readonly ok: true;
      readonly them: string;
      readonly body: Challenge;
    }
  | { readonly ok: false; readonly message: string } {
  const them = state.opponent.trim().toLowerCase();
  if (!them) return { ok: false, message: 'Name an opponent: a user id, or computer.' };
  const game = chosenGame(state, games);
  const options = game.options(pickedValues(game.settings, state.picked[game.id] ?? {}));
  const timeControl = timeLimitOf(state);
  return {
    ok: true,
    them,
    body: {
      gameType: game.id,
      players: [me, them],
      options,
      ...(timeControl === 'none' ? {} : { timeControl }),
    },
  };
}
