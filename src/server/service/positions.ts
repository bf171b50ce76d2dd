/**
 * A game's position after any move, rebuilt from the nearest stored snapshot (or the start) by
 * replaying fewer than SNAPSHOT_EVERY moves, so showing an old position costs the same on a long
 * game as on a short one. A game stored before snapshots were kept has none yet: its first replay
 * keeps the start and the snapshots it passes, and later ones are short.
 */
import type { GameRecord } from '../../engine/index.ts';
import { type AnyGame, playText } from '../../games/index.ts';
import { SNAPSHOT_EVERY, type Snapshot, type Store } from '../../store/index.ts';

export async function stateAt(
  store: Store,
  game: AnyGame,
  record: GameRecord,
  moveNo: number,
): Promise<unknown> {
  if (moveNo === record.moveCount) return record.state;
  const kept = await store.snapshot(record.id, moveNo);
  const base = kept ?? { moveNo: 0, state: game.setup(record.options, record.seed) };
  const moves = await store.moveLog(record.id, base.moveNo, moveNo - base.moveNo);
  if (moves.length !== moveNo - base.moveNo) {
    throw new Error(`game ${record.id} has ${base.moveNo + moves.length} logged moves, not ${moveNo}`);
  }
  let state = base.state;
  // The start is kept too: setting a game up may cost more than replaying it (dealing a board).
  const passed: Snapshot[] = kept ? [] : [base];
  for (const m of moves) {
    const next = playText(game, state, m.text);
    if (!next.ok)
      throw new Error(`game ${record.id} no longer replays: move ${m.moveNo} (${m.text}): ${next.error}`);
    state = next.value;
    if (m.moveNo % SNAPSHOT_EVERY === 0) passed.push({ moveNo: m.moveNo, state });
  }
  await store.saveSnapshots(record.id, passed);
  return state;
}
