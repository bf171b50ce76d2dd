/**
 * How the terminal client offers one game: its rules (the title comes from there), local play from
 * the menu, and online play (a challenge's settings and the keys and board of the game screen).
 * Each game has one entry in ./games.ts.
 */
import { type FunctionComponent, createElement as h, type ReactElement } from 'react';
import type { AnyGame } from '../games/index.ts';
import type { Pad } from './pad.ts';
import type { Theme } from './theme.ts';

/** A setting with a few choices, changed with ← and →; the first value is the default. */
export interface Choice {
  readonly label: string;
  readonly values: readonly string[];
}

/** The value picked for each setting, by label. */
export type Picked = Readonly<Record<string, string>>;

export interface ScreenProps {
  readonly theme: Theme;
  readonly onExit: () => void;
}

export interface LocalPlay {
  /** One line under the game's name in the menu. */
  readonly blurb: string;
  readonly choices: readonly Choice[];
  /** What a game started with these choices is set up with; called once, when it starts. */
  setup(picked: Picked): unknown;
  /** The screen of a game set up so, shown until it exits. */
  screen(setup: unknown, props: ScreenProps): ReactElement;
}

export interface OnlinePlay {
  readonly pad: Pad;
  /** A new challenge's settings, and the game options they mean. */
  readonly settings: readonly Choice[];
  options(picked: Picked): Record<string, unknown>;
}

export interface TuiGame {
  readonly rules: AnyGame;
  /** Played from the menu, on this machine; absent when the game has no local play. */
  readonly local?: LocalPlay;
  /** Played against a server with the game screen's pad; absent when the terminal cannot. */
  readonly online?: OnlinePlay;
}

/** Local play with a screen component taking a typed setup. */
export function localPlay<Setup>(spec: {
  readonly blurb: string;
  readonly choices: readonly Choice[];
  readonly setup: (picked: Picked) => Setup;
  readonly Screen: FunctionComponent<ScreenProps & { setup: Setup }>;
}): LocalPlay {
  return {
    blurb: spec.blurb,
    choices: spec.choices,
    setup: spec.setup,
    screen: (setup, props) => h(spec.Screen, { ...props, setup: setup as Setup }),
  };
}

/** The values picked, by label, from the index picked for each choice (absent: the first value). */
export function pickedValues(
  choices: readonly Choice[],
  indexes: Readonly<Record<string, number>>,
): Record<string, string> {
  return Object.fromEntries(choices.map((c) => [c.label, c.values[indexes[c.label] ?? 0] as string]));
}

/** Indexes picked for each setting, by game id then label (absent: the first value). */
export type PickedIndexes = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** The picks with one game's setting moved `step` values along, wrapping round. */
export function stepPick(picked: PickedIndexes, gameId: string, choice: Choice, step: number): PickedIndexes {
  const mine = picked[gameId] ?? {};
  const n = choice.values.length;
  return { ...picked, [gameId]: { ...mine, [choice.label]: ((mine[choice.label] ?? 0) + step + n) % n } };
}
