import { useEffect, useMemo, useRef, useState } from 'react';
import {
  formatMoveList,
  type Lock,
  lockToText,
  solution,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import { readStored, writeStored } from '../storage.ts';
import { betweenPhases } from './phases.ts';
import {
  atLastTurn,
  type PickerCommand,
  type PickerSession,
  type PlayedTurn,
  pickerStep,
  resumeSession,
  startSession,
} from './picker-session.ts';
import { keepPicking, resumePicking } from './picking-kept.ts';

const PHASE_MS = 380;
const REPLAY_MS = 450;

/** The lock drawn while a turn's phases are shown one after the other. */
export interface PhaseFrame {
  readonly lock: Lock;
  readonly phase: 1 | 2;
}

export interface PickerSessionHook {
  readonly session: PickerSession;
  readonly run: (command: PickerCommand) => void;
  /** The phase being shown, or null when the board shows the current turn. */
  readonly frame: PhaseFrame | null;
}

/**
 * A picking session (picker-session.ts) with its timers: replay steps forward every REPLAY_MS,
 * each new turn's two phases are shown PHASE_MS apart when `animate` is on (and the system does
 * not ask for reduced motion), and `onOpened` hears of each new solution once. With `keepAs`, the
 * history is kept in localStorage under that key and carried on after a reload (same lock only).
 */
export function usePickerSession(
  lock: Lock,
  moves: readonly ToolMove[] | undefined,
  animate: boolean,
  onOpened: ((solution: readonly ToolMove[]) => void) | undefined,
  keepAs?: string,
): PickerSessionHook {
  const lockText = useMemo(() => (keepAs ? lockToText(lock) : ''), [lock, keepAs]);
  const [session, setSession] = useState(() => {
    const kept = keepAs && !moves?.length ? resumePicking(lock, readStored(keepAs), lockText) : null;
    return kept ? resumeSession(kept) : startSession(lock, moves);
  });
  const phases = usePhases();
  useEffect(() => {
    if (keepAs) writeStored(keepAs, keepPicking(lock, session.picking, lockText));
  }, [keepAs, lock, lockText, session.picking]);

  const reported = useRef('');
  const solved = solution(session.picking);
  useEffect(() => {
    if (!solved) return;
    const text = formatMoveList(solved);
    if (text === reported.current) return;
    reported.current = text;
    onOpened?.(solved);
  }, [solved, onOpened]);

  const { replaying, picking } = session;
  useEffect(() => {
    if (!replaying) return;
    const step = () => setSession((s) => pickerStep(s, { kind: 'replayStep' }).session);
    if (atLastTurn(picking)) return step();
    const t = setTimeout(step, REPLAY_MS);
    return () => clearTimeout(t);
  }, [replaying, picking]);

  const run = (command: PickerCommand) => {
    const step = pickerStep(session, command);
    setSession(step.session);
    if (step.animation === 'keep') return;
    phases.stop();
    if (step.animation !== 'stop' && animate && !prefersReducedMotion()) phases.show(step.animation);
  };
  return { session, run, frame: phases.frame };
}

function usePhases() {
  const [frame, setFrame] = useState<PhaseFrame | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );
  const stop = () => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    setFrame(null);
  };
  const show = ({ before, move, after }: PlayedTurn) => {
    const between = betweenPhases(before, move, after);
    if (!between) return;
    setFrame({ lock: between, phase: 1 });
    timers.current = [
      setTimeout(() => setFrame({ lock: after, phase: 2 }), PHASE_MS),
      setTimeout(() => setFrame(null), 2 * PHASE_MS),
    ];
  };
  return { frame, stop, show };
}

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
