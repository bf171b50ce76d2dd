/** A preview: the position after moves not played, checked as the authority would check them. */
import { type Answer, type MoveRecord, ok } from '../port/index.ts';
import type { Preview, TakebackParts } from './parts.ts';

/** The position after `moves` played in turn from the current one, nothing recorded. */
export async function preview(
  parts: TakebackParts,
  request: { readonly gameId: number; readonly moves: readonly string[] },
): Promise<Answer<Preview>> {
  const { refuse } = parts;
  const loaded = await parts.load(request.gameId);
  if (!loaded.ok) return loaded;
  let record = loaded.value;
  if (record.status !== 'active')
    return refuse('game-over', `game ${record.id} is over: there is nothing to preview`);
  if (request.moves.length === 0) return refuse('bad-request', 'name at least one move to preview');
  const game = parts.gameOf(record);
  const played: MoveRecord[] = [];
  for (const text of request.moves) {
    const seat = game.toMove(record.state);
    if (record.status !== 'active' || seat === undefined)
      return refuse('game-over', `the game would be over before ${text.trim()}`);
    const plan = parts.planMove(record, seat, text, false);
    if (!plan.ok) return plan;
    const c = plan.value;
    played.push(c.move as MoveRecord);
    // The next move is checked against this imagined position, as if it had been committed.
    record = {
      ...record,
      state: c.state,
      moveCount: c.moveCount,
      status: c.status,
      outcome: c.outcome,
      toMove: c.toMove,
    };
  }
  return ok<Preview>({
    game: loaded.value,
    moves: played,
    state: record.state,
    status: record.status,
    outcome: record.outcome,
    toMove: record.toMove,
  });
}
