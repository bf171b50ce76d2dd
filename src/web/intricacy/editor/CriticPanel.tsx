import { useEffect, useMemo, useRef, useState } from 'react';
import {
  formatToolMove,
  type IntricacyState,
  type Lock,
  solutionPositions,
  type Verdict,
  verdictText,
} from '../../../games/intricacy/index.ts';
import { CRITIC_BUDGET_MS, runCritic } from './critic.ts';
import './critic.css';

export interface CriticSession {
  readonly verdict: Verdict | null;
  readonly running: boolean;
  readonly failure: string;
  readonly start: () => void;
  /** Moves of the shortest solution played so far while stepping through it (0: the lock as drawn). */
  readonly step: number;
  readonly setStep: (step: number) => void;
  readonly positions: readonly IntricacyState[];
}

/**
 * The critic's verdict on `lock`, run on demand in a worker. A verdict belongs to the lock it was
 * asked about: an edit hides it (undoing the edit brings it back) and stops a run in progress.
 */
export function useCritic(lock: Lock): CriticSession {
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
  const verdict = result?.lock === lock ? result.verdict : null;
  const positions = useMemo(() => solutionPositions(lock, verdict), [lock, verdict]);
  const start = () => {
    cancel.current?.();
    const job = runCritic(lock);
    cancel.current = job.cancel;
    setRunning(true);
    setFailure('');
    job.answer.then(
      (v) => {
        setResult({ lock, verdict: v });
        setStep(0);
        setRunning(false);
      },
      (e: Error) => {
        setFailure(`The critic failed: ${e.message}.`);
        setRunning(false);
      },
    );
  };
  return { verdict, running, failure, start, step, setStep, positions };
}

/**
 * The editor's Critic button, its verdict, and buttons stepping the board through the shortest
 * solution it found.
 */
export function CriticPanel({ critic, disabled }: { critic: CriticSession; disabled: boolean }) {
  const { verdict, running, failure, start, step, setStep, positions } = critic;
  const last = positions.length - 1;
  const move = verdict?.kind === 'opens' ? verdict.moves[step - 1] : undefined;
  return (
    <div className="critic">
      <div className="buttons">
        <button
          type="button"
          onClick={start}
          disabled={disabled || running}
          title={
            disabled
              ? 'Fix the problems first'
              : `Search for the shortest solutions (gives up after ${CRITIC_BUDGET_MS / 1000} s)`
          }
        >
          {running ? 'Critic searching…' : 'Critic'}
        </button>
      </div>
      <div aria-live="polite">
        {failure && <p className="error">{failure}</p>}
        {verdict && (
          <p className="critic-verdict" role="status">
            {verdictText(verdict)}
          </p>
        )}
      </div>
      {verdict?.kind === 'opens' && (
        <div className="critic-steps">
          <div className="buttons">
            <button
              type="button"
              onClick={() => setStep(0)}
              disabled={step === 0}
              aria-label="First position"
            >
              First
            </button>
            <button
              type="button"
              onClick={() => setStep(step - 1)}
              disabled={step === 0}
              aria-label="Previous move"
            >
              ◀
            </button>
            <button
              type="button"
              onClick={() => setStep(step + 1)}
              disabled={step >= last}
              aria-label="Next move"
            >
              ▶
            </button>
          </div>
          <p className="meta" aria-live="polite">
            {move ? `Move ${step} of ${last}: ${formatToolMove(move)}` : `The lock as drawn (${last} moves)`}
            {step === last && positions[last]?.opened ? ' — open!' : ''}
          </p>
        </div>
      )}
    </div>
  );
}
