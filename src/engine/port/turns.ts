/**
 * Who has moved in a game, from its move count alone: seats open every game here in turn from
 * seat 0, so seat s has made its first move once the game has more than s moves. (The store's
 * list queries say the same in SQL: `move_count <= seat` is a seat that has not moved yet.)
 */
import { COMPUTER_USER } from '../../api/index.ts';

export const hasMoved = (moveCount: number, seat: number): boolean => moveCount > seat;

/** Every player has made a move: the game has really been played. */
export const everyoneHasMoved = (game: {
  readonly moveCount: number;
  readonly players: readonly string[];
}): boolean => hasMoved(game.moveCount, game.players.length - 1);

/**
 * A challenge still waiting for its answer: the game is active and a player the challenger named
 * (the computer aside, which answers at once) has not moved yet. Its challenger may cancel it.
 */
export const awaitingAnswer = (game: {
  readonly status: string;
  readonly moveCount: number;
  readonly players: readonly string[];
  readonly challenger: string | null;
}): boolean =>
  game.status === 'active' &&
  game.challenger !== null &&
  game.players.some(
    (p, seat) => p !== game.challenger && p !== COMPUTER_USER && !hasMoved(game.moveCount, seat),
  );

/** Why a game its challenger cancelled is void (the notices tell it apart from a decline). */
export const cancelReason = (challenger: string): string => `${challenger} cancelled the challenge`;
