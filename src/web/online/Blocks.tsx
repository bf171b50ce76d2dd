/** Blocking: the Block/Unblock button on a player's page, and the list of whom you blocked in your account. */
import { useCallback, useEffect, useState } from 'react';
import type { Blocks } from '../../api/index.ts';
import { sentence } from '../sentence.ts';
import { api } from './api.ts';
import { PlayerLink } from './PlayerLink.tsx';
import { useSession } from './session.tsx';

/** Whom the logged-in player has blocked (null while loading), and a way to change it. */
function useBlocks() {
  const { session } = useSession();
  const [blocked, setBlocked] = useState<readonly string[] | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    if (!session) return;
    api<Blocks>('GET', '/api/blocks', undefined, session)
      .then((b) => setBlocked(b.blocked))
      .catch((e: Error) => setProblem(sentence(e.message)));
  }, [session]);
  const change = useCallback(
    (user: string, block: boolean) => {
      setProblem('');
      const request = block
        ? api<Blocks>('POST', '/api/blocks', { user }, session)
        : api<Blocks>('DELETE', `/api/blocks/${user}`, undefined, session);
      request.then((b) => setBlocked(b.blocked)).catch((e: Error) => setProblem(sentence(e.message)));
    },
    [session],
  );
  return { blocked, problem, change };
}

/** On another player's page: block them (no challenges or chat either way), or unblock them. */
export function BlockButton({ user }: { user: string }) {
  const { blocked, problem, change } = useBlocks();
  const [asking, setAsking] = useState(false);
  if (blocked === null) return problem ? <p className="error">{problem}</p> : null;
  const isBlocked = blocked.includes(user);
  return (
    <div className="block-player">
      {isBlocked ? (
        <p className="meta">
          You have blocked {user}: neither of you can challenge the other or chat.{' '}
          <button type="button" className="small secondary" onClick={() => change(user, false)}>
            Unblock {user}
          </button>
        </p>
      ) : asking ? (
        <div className="buttons confirm">
          <span>Block {user}? Neither of you can then challenge the other or chat; they are not told.</span>
          <button
            type="button"
            className="small"
            onClick={() => {
              setAsking(false);
              change(user, true);
            }}
          >
            Yes, block
          </button>
          <button type="button" className="small secondary" onClick={() => setAsking(false)}>
            No
          </button>
        </div>
      ) : (
        <button type="button" className="small secondary" onClick={() => setAsking(true)}>
          Block {user}
        </button>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** In the account's settings: whom you blocked, each with Unblock. */
export function BlockedList() {
  const { blocked, problem, change } = useBlocks();
  return (
    <section aria-labelledby="account-blocks">
      <h2 id="account-blocks">Blocked players</h2>
      {blocked === null ? null : blocked.length === 0 ? (
        <p>You have blocked nobody. To block a player, open their page and choose Block.</p>
      ) : (
        <>
          <p>Neither you nor they can challenge the other or chat; they are not told.</p>
          <ul className="game-list blocked-list">
            {blocked.map((user) => (
              <li key={user}>
                <PlayerLink user={user} />{' '}
                <button
                  type="button"
                  className="small secondary"
                  aria-label={`Unblock ${user}`}
                  onClick={() => change(user, false)}
                >
                  Unblock
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
