import { markList } from '../../games/intricacy/index.ts';
import type { Action } from './keymap.ts';
import { atLastTurn, type PickerCommand, type PickerSession } from './picker-session.ts';

interface Props {
  session: PickerSession;
  run: (command: PickerCommand) => void;
}

/** After Back to mark: a button for each mark, and Cancel. */
export function MarkChooser({ session, run }: Props) {
  if (session.naming !== 'toMark') return null;
  return (
    <fieldset className="buttons mark-chooser" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>Back to which mark?</legend>
      {markList(session.picking.marks).map(({ name, turn }) => (
        <button
          key={name}
          type="button"
          onClick={() => run({ kind: 'toMark', name })}
          aria-label={`Back to mark ${name} (turn ${turn})`}
        >
          {name}@{turn}
        </button>
      ))}
      <button type="button" onClick={() => run({ kind: 'cancelNaming' })}>
        Cancel
      </button>
    </fieldset>
  );
}

/** Undo, redo, reset, the marks (set one; open the list to go back to one) and replay. */
export function PickerButtons({ session, run, hint }: Props & { hint: (action: Action) => string }) {
  const { picking, naming, replaying } = session;
  const marks = markList(picking.marks);
  const action = (a: Action) => () => run({ kind: 'action', action: a });
  return (
    <div className="buttons">
      <button type="button" onClick={action('undo')} disabled={picking.at === 0} title={hint('undo')}>
        Undo
      </button>
      <button type="button" onClick={action('redo')} disabled={atLastTurn(picking)} title={hint('redo')}>
        Redo
      </button>
      <button type="button" onClick={action('reset')} disabled={picking.at === 0} title={hint('reset')}>
        Reset
      </button>
      <button
        type="button"
        onClick={() => run({ kind: 'markNext' })}
        title={`Set the next free mark (${hint('mark')}, then a letter or digit to name it)`}
      >
        Mark
      </button>
      <button
        type="button"
        onClick={() => run({ kind: 'toggleMarkChooser' })}
        disabled={marks.length === 0}
        aria-expanded={naming === 'toMark'}
        title={hint('toMark')}
      >
        Back to mark
      </button>
      <button type="button" onClick={action('replay')} title={hint('replay')} aria-pressed={replaying}>
        {replaying ? 'Stop replay' : 'Replay'}
      </button>
    </div>
  );
}
