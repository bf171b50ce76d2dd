import { type CriticSession, useCritic as useSharedCritic } from '../../../client/index.ts';
import { formatToolMove, type Lock, verdictText } from '../../../games/intricacy/index.ts';
import { CRITIC_BUDGET_MS, runCritic } from './critic.ts';
import './critic.css';

/** The critic's verdict on `lock`, run on demand in a Web Worker (../../../client/critic.ts). */
export const useCritic = (lock: Lock): CriticSession => useSharedCritic(lock, runCritic);

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
