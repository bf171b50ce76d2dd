import { useMemo, useState } from 'react';
import {
  colourByNature,
  current,
  describeBlockage,
  formatMarks,
  type Lock,
  lockToText,
  markList,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import type { Hex } from '../../grid/index.ts';
import { BOARD_TEXT_ID, BoardText } from '../BoardText.tsx';
import { usePageKeys } from '../keys.ts';
import { Status } from '../Status.tsx';
import { useStored, useStoredState } from '../storage.ts';
import { KeySettings } from './KeySettings.tsx';
import { type Action, keyHint, readKeyMap } from './keymap.ts';
import { LockSvg } from './LockSvg.tsx';
import { MoveList } from './MoveList.tsx';
import { MarkChooser, PickerButtons } from './PickerButtons.tsx';
import { PickerPads } from './PickerPads.tsx';
import { PickerToggles } from './PickerToggles.tsx';
import { PickingHelp } from './PickingHelp.tsx';
import { keyCommand } from './picker-session.ts';
import { animates, DEFAULT_SETTINGS, isPickerSettings, SETTINGS_KEY } from './picker-settings.ts';
import { phaseCaption, statusText } from './picker-text.ts';
import { TypedMoves } from './TypedMoves.tsx';
import { type Tool, toolTap } from './tool-tap.ts';
import { usePickerSession } from './usePickerSession.ts';
import { ZoomableLock } from './ZoomableLock.tsx';

const KEYS_KEY = 'tessera.intricacy.keys';

export interface PickerProps {
  readonly lock: Lock;
  readonly title?: React.ReactNode;
  /** Teaching text shown above the board. */
  readonly intro?: React.ReactNode;
  /** Moves loaded ready to replay (a note's solution, a recorded solution). */
  readonly moves?: readonly ToolMove[];
  /** Called once each time a new solution opens the lock. */
  readonly onOpened?: (solution: readonly ToolMove[]) => void;
  /** More controls at the top of the side panel (the lock chooser, "next lock"). */
  readonly children?: React.ReactNode;
  /** More below the picking controls (a list of locks). */
  readonly footer?: React.ReactNode;
  /** Keep the moves so far in localStorage under this key, so a reload carries on (same lock only). */
  readonly keepAs?: string;
}

/**
 * Picking one lock: the board (taps move the selected tool), the pads, undo/redo, reset, named marks,
 * replay of the move list, the colouring and blockage toggles, the two phases of each turn shown
 * one after the other, and rebindable keys. Give it a `key` per lock: it keeps its own history.
 * What each key, button and tap does is decided in picker-session.ts and tool-tap.ts.
 */
export function Picker({
  lock,
  title = 'Intricacy',
  intro,
  moves,
  onOpened,
  children,
  footer,
  keepAs,
}: PickerProps) {
  const [settings, setSettings] = useStoredState(SETTINGS_KEY, DEFAULT_SETTINGS, isPickerSettings);
  const [keys, setKeys] = useStored(KEYS_KEY, readKeyMap);
  const { session, run, frame } = usePickerSession(lock, moves, animates(settings), onOpened, keepAs);
  const [tool, setTool] = useState<Tool>('hook');
  const { picking, message } = session;
  const state = current(picking);

  const colours = useMemo(
    () =>
      settings.colouring === 'nature'
        ? colourByNature(state.lock)
        : (picking.colourings[picking.at] as readonly number[]),
    [state, picking, settings.colouring],
  );

  usePageKeys((event) => {
    const command = keyCommand(session, keys, event.key);
    if (command) run(command);
    return command !== null;
  });

  // Touch and mouse on the board: tap a tool to choose it, tap a cell next to it to move it there.
  const tapCell = (cell: Hex) => {
    const tap = toolTap(state.lock, tool, cell);
    if (tap?.kind === 'choose') setTool(tap.tool);
    else if (tap?.kind === 'move') run({ kind: 'move', move: tap.move });
    else if (tap?.kind === 'far') run({ kind: 'say', message: tap.message });
  };

  const hint = (a: Action) => keyHint(keys, a);
  const shownBlockages = frame?.phase === 1 ? state.blockages.filter((b) => b.phase === 1) : state.blockages;
  return (
    <section className="game intricacy">
      <h1>{title}</h1>
      <div className="board-wrap">
        {intro && <div className="intro">{intro}</div>}
        <p className="phase" aria-hidden="true">
          {phaseCaption(frame?.phase ?? null)}
        </p>
        <ZoomableLock size={(frame?.lock ?? state.lock).size}>
          <LockSvg
            lock={frame?.lock ?? state.lock}
            colours={colours}
            blockages={shownBlockages}
            showBlockages={settings.blockages}
            open={state.opened && !frame}
            onCell={tapCell}
            selected={tool}
            describedBy={BOARD_TEXT_ID}
          />
        </ZoomableLock>
      </div>
      <aside className="side">
        {children}
        <Status text={statusText(picking)} over={state.opened} message={message} live={false} />
        <BoardText position={lockToText(state.lock)} announcement={statusText(picking)} monospace />
        {markList(picking.marks).length > 0 && (
          <p className="marks meta">Marks: {formatMarks(picking.marks)}</p>
        )}
        <MarkChooser session={session} run={run} />
        <PickerPads
          tool={tool}
          onMove={(move) => run({ kind: 'move', move })}
          onAction={(action) => run({ kind: 'action', action })}
          hint={hint}
        />
        <PickerButtons session={session} run={run} hint={hint} />
        <PickerToggles settings={settings} onChange={setSettings} />
        <MoveList picking={picking} onJump={(at) => run({ kind: 'jump', at })} />
        {settings.blockages && state.blockages.length > 0 && (
          <ul className="blockages" aria-label="Blockages">
            {state.blockages.map((b) => (
              <li key={describeBlockage(state.lock, b)}>{describeBlockage(state.lock, b)}</li>
            ))}
          </ul>
        )}
        {footer}
        <TypedMoves picking={picking} onPlay={(text) => run({ kind: 'playTyped', text })} />
        <KeySettings keys={keys} onChange={setKeys} />
        <PickingHelp />
      </aside>
    </section>
  );
}
