/** The metagame API's request schemas and their limits (docs/api.md, "Intricacy metagame API"). */
import { Type } from '@sinclair/typebox';
import { MAX_SOLUTION_MOVES, SLOT_COUNT } from '../../games/intricacy/index.ts';

/** A lock file of the largest size is about 1.5 KB; a solution of MAX_SOLUTION_MOVES tokens fits. */
export const MAX_LOCK_TEXT = 4096;
export const MAX_SOLUTION_TEXT = MAX_SOLUTION_MOVES * 4 + 1000;
const MAX_SUGGESTIONS = 20;

const strict = { additionalProperties: false } as const;
export const Slot = Type.Integer({
  minimum: 0,
  maximum: SLOT_COUNT - 1,
  errorMessage: `a slot is a whole number from 0 to ${SLOT_COUNT - 1}`,
});
export const Id = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
export const SolutionText = Type.String({
  minLength: 1,
  maxLength: MAX_SOLUTION_TEXT,
  errorMessage: `a solution is moves separated by spaces, at most ${MAX_SOLUTION_TEXT} characters`,
});
export const CodenamesQuery = Type.Object(
  { count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SUGGESTIONS })) },
  strict,
);
export const RegisterBody = Type.Object({ codename: Type.String({ maxLength: 12 }) }, strict);
export const CodenameParams = Type.Object({ codename: Type.String({ minLength: 1, maxLength: 12 }) }, strict);
export const IdParams = Type.Object({ id: Id }, strict);
/** Which page of a list: `offset` the first item, `limit` how many (each list has its maximum). */
export const pageFields = {
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
export const PageQuery = Type.Object(pageFields, strict);
export const NotesQuery = Type.Object({ ...pageFields, read: Type.Optional(Type.Boolean()) }, strict);
export const ScoresQuery = Type.Object(
  { ...pageFields, columns: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })) },
  strict,
);
/** Two codenames: whose score, against whom. */
export const ExplainCodename = Type.String({
  minLength: 1,
  maxLength: 12,
  errorMessage: 'player and against are codenames, 3 characters each',
});
export const ExplainQuery = Type.Object({ player: ExplainCodename, against: ExplainCodename }, strict);
export const SlotParams = Type.Object({ slot: Slot }, strict);
export const PlaceBody = Type.Object(
  {
    lock: Type.String({
      minLength: 1,
      maxLength: MAX_LOCK_TEXT,
      errorMessage: `a lock is a lock file's text, at most ${MAX_LOCK_TEXT} characters`,
    }),
    solution: SolutionText,
  },
  strict,
);
export const DeclareBody = Type.Object({ solution: SolutionText, slot: Slot }, strict);
