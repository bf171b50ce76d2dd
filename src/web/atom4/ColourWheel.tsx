import { COLOUR_NAMES, COLOUR_SEQUENCE } from '../../games/atom4/index.ts';
import { MARK_INK, MARKS, SWATCHES } from './colours.ts';

/** The colour sequence, with the piece to play next marked; each swatch carries its piece letter. */
export function ColourWheel({ current }: { current: number }) {
  return (
    <ol className="wheel" aria-label="Colour sequence">
      {COLOUR_SEQUENCE.map((c, i) => (
        <li
          key={COLOUR_NAMES[c]}
          className={i === current % 6 ? 'now' : ''}
          aria-current={i === current % 6 ? 'step' : undefined}
        >
          <span className="swatch" style={{ background: SWATCHES[c], color: MARK_INK[c] }} aria-hidden="true">
            {MARKS[c]}
          </span>
          {COLOUR_NAMES[c]} <span className="meta">(player {i % 2 === 0 ? 1 : 2})</span>
        </li>
      ))}
    </ol>
  );
}
