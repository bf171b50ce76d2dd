/**
 * Move notation. A removal names its cells: `C4 E7` (also `C4+E7`, `c4,e7`; any order, any case),
 * or one cell for gold alone (`F6`). A cell is a row letter A–K from the top and a position counted
 * from the left of that row (see board.ts). `undo` takes back the last removal; `retry` (or
 * `try again`) goes back to the start. Removals are written back as `C4+E7`, lower cell first.
 */
import { fail, ok, type Result } from '../game.ts';
import { cellName, parseCell } from './board.ts';
import type { SigmarMove } from './rules.ts';

const HELP = 'name two cells such as C4 E7 (gold alone: one cell), or undo, or retry';

export function parseMove(text: string): Result<SigmarMove> {
  const word = text.trim().toLowerCase();
  if (word === '') return fail(`empty move: ${HELP}`);
  if (word === 'undo' || word === 'u') return ok({ kind: 'undo' });
  if (word === 'retry' || word === 'try again' || word === 'again') return ok({ kind: 'retry' });
  const tokens = word.split(/[\s,+&-]+|\band\b/).filter((t) => t !== '');
  if (tokens.length === 0 || tokens.length > 2) return fail(`"${text.trim()}" is not a move: ${HELP}`);
  const cells: number[] = [];
  for (const t of tokens) {
    const cell = parseCell(t);
    if (!cell.ok) return cell;
    cells.push(cell.value);
  }
  if (cells.length === 2 && cells[0] === cells[1]) return fail('name two different cells');
  return ok({ kind: 'remove', cells: cells.sort((a, b) => a - b) });
}

export function formatMove(move: SigmarMove): string {
  if (move.kind !== 'remove') return move.kind;
  return [...move.cells]
    .sort((a, b) => a - b)
    .map(cellName)
    .join('+');
}
