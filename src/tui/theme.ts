/**
 * How the terminal client draws: colour unless NO_COLOR is set (https://no-color.org) or the
 * terminal is dumb, and then plain ASCII glyphs too, so that a board reads the same on any
 * terminal.
 */
export interface Theme {
  readonly colour: boolean;
  readonly ascii: boolean;
}

export function detectTheme(env: NodeJS.ProcessEnv = process.env): Theme {
  const plain = (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.TERM === 'dumb';
  return { colour: !plain, ascii: plain };
}

/** Colours of the two sides, shared by every two-player game screen. */
export const SEAT_COLOURS = ['blueBright', 'yellow'] as const;
