import { useEffect, useState } from 'react';
import type { ScoreExplanation } from '../../../games/intricacy/index.ts';
import { ApiError } from '../../online/api.ts';
import { metaApi } from './meta-api.ts';
import { scoreAccessText, scoreSummary } from './world-text.ts';

export interface ScorePair {
  readonly player: string;
  readonly against: string;
}

/**
 * One score of the table explained: the accesses that make it up, each with what it adds. Fetched
 * again when `version` changes (the table was refetched after a change in the world).
 */
export function ScoreWhy({
  pair,
  version,
  onClose,
}: {
  pair: ScorePair;
  version: unknown;
  onClose: () => void;
}) {
  const [shown, setShown] = useState<ScoreExplanation | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` only says when to fetch again.
  useEffect(() => {
    let live = true;
    metaApi.explain(pair.player, pair.against).then(
      (e) => {
        if (!live) return;
        setShown(e);
        setError('');
      },
      (e: unknown) => live && setError(e instanceof ApiError ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [pair.player, pair.against, version]);
  const current = shown?.player === pair.player && shown.against === pair.against ? shown : null;
  return (
    <section className="score-why" aria-label="Score explained" aria-live="polite">
      <h3>
        <span className="codename">{pair.player}</span> against{' '}
        <span className="codename">{pair.against}</span>
      </h3>
      {error && (
        <p className="error" role="alert">
          The score could not be explained: {error}.
        </p>
      )}
      {!current && !error && <p className="meta">Loading…</p>}
      {current && (
        <>
          <p>{scoreSummary(current)}</p>
          {current.accesses.length > 0 && (
            <ul>
              {current.accesses.map((a) => (
                <li key={`${a.accessor}-${a.slot}`} className={a.points === 0 ? 'no-point' : undefined}>
                  {scoreAccessText(a)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <button type="button" className="small" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
