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
  /** 0 the game, 1 the opponent, 2.. the game's settings. */
  readonly row: number;
}

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
  const rowCount = 2 + game.settings.length;
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
  return { ok: true, them, body: { gameType: game.id, players: [me, them], options } };
}
