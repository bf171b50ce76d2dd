import type { Lock } from '../../../games/intricacy/index.ts';
import { naturalRange } from '../../../games/intricacy/index.ts';
import { type EditorCommand, springRows } from './editor-session.ts';
import './springs.css';

/**
 * The lock's springs, each with its natural length beside its placed one and buttons to change
 * it: shorter than placed, the spring starts stretched (it pulls its end in); longer, compressed.
 */
export function SpringList({ lock, run }: { lock: Lock; run: (command: EditorCommand) => void }) {
  const rows = springRows(lock);
  if (rows.length === 0) return null;
  return (
    <fieldset className="springs">
      <legend>Springs: natural length</legend>
      <ol aria-label="Springs">
        {rows.map((row) => {
          const { min, max } = naturalRange(lock, row.index);
          const n = row.index + 1;
          const set = (natural: number) => run({ kind: 'natural', spring: row.index, natural });
          return (
            <li key={row.index}>
              <span>
                {row.joins}, placed {row.length}:
              </span>{' '}
              <span className="stepper">
                <button
                  type="button"
                  className="minor"
                  aria-label={`Spring ${n}: shorter natural length`}
                  disabled={row.natural <= min}
                  onClick={() => set(row.natural - 1)}
                >
                  −
                </button>
                <span className="natural">{row.natural}</span>
                <button
                  type="button"
                  className="minor"
                  aria-label={`Spring ${n}: longer natural length`}
                  disabled={row.natural >= max}
                  onClick={() => set(row.natural + 1)}
                >
                  +
                </button>
              </span>{' '}
              <span className="meta">{row.tension}</span>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
