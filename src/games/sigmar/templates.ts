/**
 * Board templates: the shapes a generated board's 55 marbles fill. Each is drawn as the 11 rows of
 * the hexagon (# a marble, . empty). All have rotational symmetry (6-, 3- or 2-fold), hold the
 * centre (gold's cell) and leave 6 to 9 marbles free at the start; the tests check this. The first
 * 22 are the shapes the reference generator's boards show (Ondřej Hruška's web reimplementation of
 * Sigmar's Garden), the last three Tessera's own. Each may be used as drawn or mirrored left-right.
 */
import { CELL_COUNT, CENTRE, MARBLE_COUNT, MIRROR } from './board.ts';
import { DRAWINGS, type Drawing } from './template-drawings.ts';

export { TEMPLATE_NAMES } from './template-drawings.ts';

export interface Template {
  readonly name: string;
  /** The 55 cells, in increasing order. */
  readonly cells: readonly number[];
}

function fromDrawing(d: Drawing): Template {
  const text = d.rows.join('').replace(/ /g, '');
  if (text.length !== CELL_COUNT) throw new Error(`template ${d.name} has ${text.length} cells, not 91`);
  const cells: number[] = [];
  for (let i = 0; i < CELL_COUNT; i++) if (text[i] === '#') cells.push(i);
  if (cells.length !== MARBLE_COUNT || !cells.includes(CENTRE)) {
    throw new Error(`template ${d.name} must hold ${MARBLE_COUNT} cells including the centre`);
  }
  return { name: d.name, cells };
}

export const TEMPLATES: readonly Template[] = DRAWINGS.map(fromDrawing);

export const templateByName = (name: string): Template | undefined =>
  TEMPLATES.find((t) => t.name === name.toLowerCase());

/** The template's cells mirrored left-right. */
export const mirrorCells = (cells: readonly number[]): number[] =>
  cells.map((c) => MIRROR[c] as number).sort((a, b) => a - b);
