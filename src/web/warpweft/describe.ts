/** A Warp and Weft position in words, for the board's text alternative. */
import { ownerAt, pieceName, SIDE_NAMES, type WarpWeftState } from '../../games/warpweft/index.ts';

/** Each side's state and the pieces it holds (in the move notation), and how many are free. */
export function describeWarpWeft(state: WarpWeftState): string {
  const { size } = state.options;
  const ids = Array.from({ length: state.owners.length }, (_, id) => id);
  const held = (owner: number) =>
    ids.filter((id) => ownerAt(state, id) === owner).map((id) => pieceName(id, size));
  const sides = (['warp', 'weft'] as const).map((side, i) => {
    const pieces = held(i + 1);
    const mode = state.modes[side] === 'threads' ? 'Threading' : 'Patching';
    return `${SIDE_NAMES[side]}, ${mode}, holds ${pieces.length === 0 ? 'nothing' : pieces.join(' ')}.`;
  });
  const free = held(0).length;
  return `Size ${size} board. ${sides.join(' ')} ${free} pieces free.`;
}
