/**
 * The lock critic in the terminal editor: its search runs in a worker thread (critic-worker.ts),
 * and its shortest solution can be stepped through on the board.
 */
import { Worker } from 'node:worker_threads';
import { type CriticJob, useCritic } from '../../client/index.ts';
import {
  formatToolMove,
  type IntricacyState,
  type Lock,
  type Verdict,
  verdictText,
} from '../../games/intricacy/index.ts';

export const CRITIC_BUDGET_MS = 30_000;

function criticInWorker(lock: Lock): CriticJob {
  const worker = new Worker(new URL('./critic-worker.ts', import.meta.url), {
    workerData: { lock, budgetMs: CRITIC_BUDGET_MS },
  });
  const answer = new Promise<Verdict>((resolve, reject) => {
    worker.once('message', (v: Verdict) => {
      resolve(v);
      void worker.terminate();
    });
    worker.once('error', reject);
    // Ended without an answer (cancelled, or it died): settle, so nothing waits for ever.
    worker.once('exit', (code) => reject(new Error(`the critic stopped (exit code ${code})`)));
  });
  return { answer, cancel: () => void worker.terminate() };
}

export interface TuiCritic {
  /** The verdict on the lock now being edited, if asked for. */
  readonly verdict: Verdict | null;
  readonly running: boolean;
  readonly start: () => void;
  /** Moves of the shortest solution played while stepping through it (0: the lock as drawn). */
  readonly step: number;
  readonly setStep: (step: number) => void;
  /** The position shown while stepping, else undefined. */
  readonly stepped: IntricacyState | undefined;
  readonly lastStep: number;
  /** The panel's lines about the critic. */
  readonly lines: readonly string[];
}

/** The critic in a worker thread (../../client/critic.ts), with its lines for the editor's panel. */
export function useTuiCritic(lock: Lock): TuiCritic {
  const { verdict, running, failure, start, step, setStep, positions } = useCritic(lock, criticInWorker);
  const lastStep = positions.length - 1;
  const lines: string[] = [];
  if (running) lines.push(`Critic searching (up to ${CRITIC_BUDGET_MS / 1000} s)…`);
  else if (failure) lines.push(failure);
  if (verdict) {
    lines.push(`Critic: ${verdictText(verdict)}`);
    if (verdict.kind === 'opens') {
      const move = verdict.moves[step - 1];
      lines.push(
        move
          ? `( ) step the solution: move ${step} of ${lastStep}: ${formatToolMove(move)}${step === lastStep && positions[step]?.opened ? ', open!' : ''}`
          : `( ) step the solution (${lastStep} moves)`,
      );
    }
  }
  return {
    verdict,
    running,
    start,
    step,
    setStep,
    stepped: step > 0 ? positions[step] : undefined,
    lastStep,
    lines,
  };
}
