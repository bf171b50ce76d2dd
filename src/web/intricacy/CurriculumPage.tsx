import { useState } from 'react';
import { curriculumLabel, firstUnsolved, solvedCount } from '../../games/intricacy/index.ts';
import { count } from '../plural.ts';
import { navigate } from '../router.ts';
import {
  curriculumLock,
  initiationSkipped,
  markSolved,
  PARTS,
  type Part,
  setInitiationSkipped,
  solvedLocks,
} from './curriculum-data.ts';
import { IntricacyNav } from './IntricacyNav.tsx';
import { Picker } from './Picker.tsx';
import { useProgressSync } from './useProgressSync.ts';

const TITLES: Record<Part, string> = { tutorial: 'Tutorial', initiation: 'Initiation' };

/**
 * The tutorial or the initiation: the list of locks with what is solved, the chosen lock with its
 * teaching text above the board, and "next lock" once it is open.
 */
export function CurriculumPage({ part }: { part: Part }) {
  const locks = PARTS[part];
  const [solved, setSolved] = useState(solvedLocks);
  const [index, setIndex] = useState(() => {
    const wanted = new URLSearchParams(window.location.search).get('lock');
    const named = locks.findIndex((l) => l.name === wanted);
    if (named >= 0) return named;
    return firstUnsolved(locks, solved);
  });
  const [skip, setSkip] = useState(initiationSkipped);
  useProgressSync((progress) => {
    setSolved(progress.solved);
    setSkip(progress.skipInitiation);
  });
  const entry = locks[index];

  if (!entry) {
    return (
      <>
        <IntricacyNav />
        <section className="panel">
          <h1>{TITLES[part]}</h1>
          <p>There are no {part} locks yet.</p>
        </section>
      </>
    );
  }
  const loaded = curriculumLock(entry.name);
  const done = solvedCount(locks, solved);
  const choose = (i: number) => {
    setIndex(i);
    const name = locks[i]?.name;
    if (name) navigate(`/intricacy/${part}?lock=${encodeURIComponent(name)}`);
  };

  const next = solved[entry.name] !== undefined && (
    <div className="buttons">
      {index + 1 < locks.length ? (
        <button type="button" className="next" onClick={() => choose(index + 1)}>
          Next lock →
        </button>
      ) : part === 'tutorial' ? (
        <button type="button" className="next" onClick={() => navigate('/intricacy/initiation')}>
          On to the initiation →
        </button>
      ) : (
        <button type="button" className="next" onClick={() => navigate('/intricacy/meta')}>
          On to the metagame →
        </button>
      )}
    </div>
  );
  const side = (
    <>
      <p className="meta">
        {TITLES[part]}: {done} of {locks.length} solved.
      </p>
      <ol className="curriculum" aria-label={`${TITLES[part]} locks`}>
        {locks.map((l, i) => (
          <li key={l.name}>
            <button
              type="button"
              className={i === index ? 'current' : undefined}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => choose(i)}
            >
              {solved[l.name] !== undefined ? '✓ ' : ''}
              {curriculumLabel(l)}
            </button>
          </li>
        ))}
      </ol>
      {part === 'initiation' && (
        <label className="check">
          <input
            type="checkbox"
            checked={skip}
            onChange={(e) => {
              setSkip(e.target.checked);
              setInitiationSkipped(e.target.checked);
            }}
          />{' '}
          Skip the initiation (enter the metagame without it)
        </label>
      )}
    </>
  );

  if (!loaded.ok) {
    return (
      <>
        <IntricacyNav />
        <section className="panel">
          <h1>{curriculumLabel(entry)}</h1>
          <p className="error" role="alert">
            {loaded.error}
          </p>
          {next}
          {side}
        </section>
      </>
    );
  }
  return (
    <>
      <IntricacyNav />
      <Picker
        key={entry.name}
        lock={loaded.lock}
        title={`${TITLES[part]} ${index + 1}: ${curriculumLabel(entry)}`}
        intro={<p>{entry.intro}</p>}
        onOpened={(moves) => setSolved(markSolved(entry.name, moves.length))}
        keepAs={`tessera.intricacy.${part}.history`}
        footer={side}
      >
        {solved[entry.name] !== undefined && (
          <p className="solved-note" role="status">
            Solved in {count(solved[entry.name] ?? 0, 'move')}
            {entry.shortest ? ` (shortest known: ${entry.shortest})` : ''}.
          </p>
        )}
        {next}
      </Picker>
    </>
  );
}
