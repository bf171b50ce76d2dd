/** Blocking another player (docs/api.md, "Blocking"): whom you blocked, and the bodies that change it. */
import { type Static, Type } from '@sinclair/typebox';
import { UserId } from './http.ts';

/** `POST /api/blocks`: block this player. */
export const BlockBody = Type.Object({ user: UserId }, { additionalProperties: false });
export type BlockBody = Static<typeof BlockBody>;
/** `DELETE /api/blocks/:user`: unblock this player. */
export const BlockParams = Type.Object({ user: UserId }, { additionalProperties: false });

/** Every answer of the blocking routes: whom you have blocked now, in name order. */
export interface Blocks {
  readonly blocked: readonly string[];
}
