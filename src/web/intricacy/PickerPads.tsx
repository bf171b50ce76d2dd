import type { ToolMove } from '../../games/intricacy/index.ts';
import { HEX_DIRECTION_NAMES } from '../../grid/index.ts';
import type { Action } from './keymap.ts';
import type { Tool } from './tool-tap.ts';

// Screen directions for the on-screen pad, in the order the hex grid numbers them.
const PAD: readonly { dir: number; label: string }[] = [
  { dir: 2, label: '↖' },
  { dir: 1, label: '↗' },
  { dir: 3, label: '←' },
  { dir: 0, label: '→' },
  { dir: 4, label: '↙' },
  { dir: 5, label: '↘' },
];

/** The hook's and the wrench's six-way pads, with the hook's turns and Wait between them. */
export function PickerPads({
  tool,
  onMove,
  onAction,
  hint,
}: {
  /** The tool taps on the board move. */
  tool: Tool;
  onMove: (move: ToolMove) => void;
  onAction: (action: Action) => void;
  /** A button's key, for its title. */
  hint: (action: Action) => string;
}) {
  return (
    <div className="pads">
      <Pad title="Hook" active={tool === 'hook'} onDir={(dir) => onMove({ tool: 'hook', dir })} />
      <div className="pad-extra">
        <button
          type="button"
          onClick={() => onAction('hookCCW')}
          title={hint('hookCCW')}
          aria-label="Hook turn anticlockwise"
        >
          ⟲ turn
        </button>
        <button
          type="button"
          onClick={() => onAction('hookCW')}
          title={hint('hookCW')}
          aria-label="Hook turn clockwise"
        >
          ⟳ turn
        </button>
        <button type="button" onClick={() => onAction('wait')} title={hint('wait')}>
          Wait
        </button>
      </div>
      <Pad title="Wrench" active={tool === 'wrench'} onDir={(dir) => onMove({ tool: 'wrench', dir })} />
    </div>
  );
}

function Pad({ title, active, onDir }: { title: string; active: boolean; onDir: (dir: number) => void }) {
  return (
    <fieldset className={`pad${active ? ' active' : ''}`}>
      <legend>{title}</legend>
      {PAD.map(({ dir, label }) => (
        <button
          key={dir}
          type="button"
          onClick={() => onDir(dir)}
          aria-label={`${title} ${HEX_DIRECTION_NAMES[dir]}`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
