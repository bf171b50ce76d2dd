/**
 * Who has moved in a game, from its move count alone: seats open every game here in turn from
 * seat 0, so seat s has made its first move once the game has more than s moves. (The store's
 * list queries say the same in SQL: `move_count <= seat` is a seat that has not moved yet.)
 */
export const hasMoved = (moveCount: number, seat: number): boolean => moveCount > seat;

/** Every player has made a move: the game has really been played. */
export const everyoneHasMoved = (game: {
  readonly moveCount: number;
  readonly players: readonly string[];
}): boolean => hasMoved(game.moveCount, game.players.length - 1);
