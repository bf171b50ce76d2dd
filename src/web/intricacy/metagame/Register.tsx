import { useEffect, useState } from 'react';
import { validateCodename } from '../../../games/intricacy/index.ts';
import { onLinkClick } from '../../router.ts';
import { initiationDone, setInitiationSkipped } from '../curriculum-data.ts';
import { useProgressSync } from '../useProgressSync.ts';
import { metaApi } from './meta-api.ts';

/**
 * Registering a codename: three characters (capitals, digits, symbols), picked from the server's
 * unused suggestions or typed. New players are sent through the initiation first unless the
 * setting skips it.
 */
export function Register({ onRegister }: { onRegister: (codename: string) => Promise<boolean> }) {
  const [ready, setReady] = useState(initiationDone);
  // The initiation may have been done on another device.
  useProgressSync(() => setReady(initiationDone()));
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [codename, setCodename] = useState('');
  const [problem, setProblem] = useState('');

  const more = () =>
    void metaApi
      .codenames(8)
      .then((r) => setSuggestions(r.codenames))
      .catch(() => setSuggestions([]));
  useEffect(more, []);

  if (!ready) {
    return (
      <div className="register">
        <h2>Before you register</h2>
        <p>
          New players solve the{' '}
          <a href="/intricacy/initiation" onClick={onLinkClick}>
            initiation
          </a>{' '}
          locks before entering the metagame.
        </p>
        <button
          type="button"
          onClick={() => {
            setInitiationSkipped(true);
            setReady(true);
          }}
        >
          Skip the initiation
        </button>
      </div>
    );
  }
  const submit = () => {
    const valid = validateCodename(codename);
    if (!valid.ok) return setProblem(valid.error);
    setProblem('');
    void onRegister(valid.value);
  };
  return (
    <div className="register">
      <h2>Choose your codename</h2>
      <p className="meta">Three characters; pick one of these unused ones or type your own.</p>
      <fieldset className="buttons suggestions">
        <legend className="sr-only">Suggested codenames</legend>
        {suggestions.map((c) => (
          <button
            key={c}
            type="button"
            className={`codename-chip${c === codename ? ' on' : ''}`}
            aria-pressed={c === codename}
            onClick={() => setCodename(c)}
          >
            {c}
          </button>
        ))}
        <button type="button" className="minor" onClick={more}>
          Other suggestions
        </button>
      </fieldset>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label>
          Codename{' '}
          <input
            aria-label="Codename"
            value={codename}
            maxLength={3}
            size={4}
            onChange={(e) => setCodename(e.target.value.toUpperCase())}
          />
        </label>{' '}
        <button type="submit" disabled={codename.length === 0}>
          Register
        </button>
      </form>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
