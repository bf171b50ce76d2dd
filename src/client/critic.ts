/**
 * The lock critic's state in an editor, for the browser and the terminal alike: a verdict belongs
 * to the lock it was asked about (an edit hides it, undoing the edit brings it back, and a run for
 * an edited lock is stopped), and its shortest solution can be stepped through. Each client runs
 * the search where it can (a Web Worker, a worker thread) and hands this hook the way to.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { type IntricacyState, type Lock, solutionPositions, type Verdict } from '../games/intricacy/index.ts';

/** A critic's search under way: its verdict to come, and how to stop it. */
export interface CriticJob {
  readonly answer: Promise<Verdict>;
  readonly cancel: () => void;
}

export interface CriticSession {
  readonly verdict: Verdict | null;
  readonly running: boolean;
  readonly failure: string;
  /** Asks for a verdict on the lock as it is (one at a time: while a run goes on, nothing). */
  readonly start: () => void;
  /** Moves of the shortest solution played so far while stepping through it (0: the lock as drawn). */
  readonly step: number;
  readonly setStep: (step: number) => void;
  /** The positions of the shortest solution, the lock as drawn first (empty without one). */
  readonly positions: readonly IntricacyState[];
}

export function useCritic(lock: Lock, run: (lock: Lock) => CriticJob): CriticSession {
  const [result, setResult] = useState<{ lock: Lock; verdict: Verdict } | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState('');
  const [step, setStep] = useState(0);
  const cancel = useRef<(() => void) | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lock stops the run for the old one
  useEffect(() => {
    setStep(0);
    return () => {
      cancel.current?.();
      cancel.current = null;
      setRunning(false);
    };
  }, [lock]);
  useEffect(() => () => cancel.current?.(), []);
  const verdict = result?.lock === lock ? result.verdict : null;
  const positions = useMemo(() => solutionPositions(lock, verdict), [lock, verdict]);
  const start = () => {
    if (cancel.current) return;
    const job = run(lock);
    cancel.current = job.cancel;
    setRunning(true);
    setFailure('');
    job.answer.then(
      (v) => {
        if (cancel.current !== job.cancel) return; // stopped meanwhile: an edit, or leaving
        cancel.current = null;
        setResult({ lock, verdict: v });
        setStep(0);
        setRunning(false);
      },
      (e: Error) => {
        if (cancel.current !== job.cancel) return;
        cancel.current = null;
        setFailure(`The critic failed: ${e.message}.`);
        setRunning(false);
      },
    );
  };
  return { verdict, running, failure, start, step, setStep, positions };
}
