/**
 * What a logged-in player keeps of Intricacy on the server, so that every device sees it: their
 * progress through the tutorial and the initiation, and the locks saved from the editor
 * (docs/api.md, "Intricacy progress and saved locks").
 */
import { type Static, Type } from '@sinclair/typebox';

const strict = { additionalProperties: false } as const;

/** Locks one account may keep saved, the longest name, lock text and solution text. */
export const MAX_SAVED_LOCKS = 100;
export const MAX_SAVED_LOCK_NAME = 60;
export const MAX_SAVED_LOCK_TEXT = 4096;
export const MAX_SAVED_SOLUTION_TEXT = 9000;
/** The most turns a recorded solve may take, and the most solves sent at once. */
export const MAX_SOLVE_TURNS = 2000;
export const MAX_SOLVES_SENT = 200;

export const SavedLockName = Type.String({
  minLength: 1,
  maxLength: MAX_SAVED_LOCK_NAME,
  errorMessage: `a saved lock's name is 1 to ${MAX_SAVED_LOCK_NAME} characters`,
});
export const SavedLockParams = Type.Object({ name: SavedLockName }, strict);
export const SavedLockBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MAX_SAVED_LOCK_TEXT,
      errorMessage: `a lock is a lock file's text, at most ${MAX_SAVED_LOCK_TEXT} characters`,
    }),
    /** The moves that opened it in the editor's test, or null. */
    solution: Type.Union([Type.String({ maxLength: MAX_SAVED_SOLUTION_TEXT }), Type.Null()], {
      errorMessage: `a solution is moves separated by spaces (at most ${MAX_SAVED_SOLUTION_TEXT} characters), or null`,
    }),
  },
  strict,
);
export type SavedLockBody = Static<typeof SavedLockBody>;

/** Curriculum locks opened (by name, as "tutorial/01-winning") with the fewest turns taken. */
export const ProgressBody = Type.Object(
  {
    solved: Type.Record(
      Type.String(),
      Type.Integer({
        minimum: 0,
        maximum: MAX_SOLVE_TURNS,
        errorMessage: `the turns a lock took are a whole number from 0 to ${MAX_SOLVE_TURNS}`,
      }),
      { maxProperties: MAX_SOLVES_SENT },
    ),
    /** Whether the player chose to enter the metagame without the initiation. */
    skipInitiation: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type ProgressBody = Static<typeof ProgressBody>;

/** `GET /api/intricacy/progress`, and the answer to recording some. */
export interface IntricacyProgress {
  readonly solved: Readonly<Record<string, number>>;
  readonly skipInitiation: boolean;
}

/** A lock saved from the editor; `savedAt` in ms since 1970. */
export interface SavedLockEntry {
  readonly name: string;
  readonly text: string;
  readonly solution: string | null;
  readonly savedAt: number;
}

/** `GET /api/intricacy/saved`: the account's saved locks by name, and how many it may keep. */
export interface SavedLockList {
  readonly locks: readonly SavedLockEntry[];
  readonly max: number;
}
