import { useState } from 'react';
import { INITIATION, TUTORIAL } from '../../games/intricacy/index.ts';
import { navigate, onLinkClick } from '../router.ts';
import { readStored } from '../storage.ts';
import { initiationSkipped, solvedLocks } from './curriculum-data.ts';
import { IntricacyNav } from './IntricacyNav.tsx';
import { halfPicked, PICK_HISTORY_KEY, PICK_LOCK_KEY } from './picking-kept.ts';
import { useProgressSync } from './useProgressSync.ts';
import './welcome.css';
import { standing } from './welcome-text.ts';

const PLACES: readonly [string, string, string][] = [
  [
    '/intricacy/tutorial',
    'Tutorial',
    `${TUTORIAL.length} short locks that teach the mechanics, one at a time.`,
  ],
  [
    '/intricacy/initiation',
    'Initiation',
    `${INITIATION.length} harder locks with 3-letter names, to solve before the metagame.`,
  ],
  ['/intricacy/pick', 'Pick a lock', 'Any lock of the collection, a lock of the metagame, or a lock file.'],
  ['/intricacy/edit', 'Lock editor', 'Design a lock of your own, test it and save it.'],
  [
    '/intricacy/meta',
    'Metagame',
    'Codenames, three lock slots each, notes and scores against the other players (needs an account).',
  ],
];

/**
 * Where the Intricacy card leads: what the game is, its two tools and where to start. A newcomer
 * gets one button to the first tutorial lock; a returning player their progress and a button to
 * where they left off (and the lock they were picking, if any). Logged in, the progress is the
 * account's, so it is the same on every device.
 */
export function WelcomePage() {
  const [progress, setProgress] = useState(() => ({
    solved: solvedLocks(),
    skipInitiation: initiationSkipped(),
  }));
  useProgressSync(setProgress);
  const picked = halfPicked(readStored(PICK_LOCK_KEY), readStored(PICK_HISTORY_KEY));
  const { newcomer, summary, next } = standing(progress.solved, progress.skipInitiation, picked !== null);
  return (
    <>
      <IntricacyNav />
      <section className="panel welcome">
        <h1>Intricacy</h1>
        <p className="lead">
          A game of competitive puzzle design on a hex grid. You pick locks, machines of blocks, springs,
          pivots and balls, with two tools; then you design locks of your own for other players to pick, and
          pick theirs.
        </p>
        {newcomer ? (
          <p>
            New here? The tutorial teaches the game one small lock at a time, each with a few lines of help.
          </p>
        ) : (
          <p className="progress">
            <strong>Welcome back.</strong> {summary}
          </p>
        )}
        <div className="buttons">
          <button type="button" className="next" onClick={() => navigate(next.href)}>
            {next.label} →
          </button>
        </div>
        {picked && (
          <p>
            You were picking <strong>{picked.name}</strong>, at turn {picked.turn}:{' '}
            <a href="/intricacy/pick" onClick={onLinkClick}>
              carry on picking it
            </a>
            .
          </p>
        )}
        <h2>How a lock is picked</h2>
        <ul className="welcome-tools">
          <li>
            <strong>The hook</strong> (H, with its arm) moves one step in any of six directions, or turns 60°.
            Its arm pushes what is in the way, and drags what it cannot push.
          </li>
          <li>
            <strong>The wrench</strong> (W) moves one step, then keeps moving that way every turn until
            something stops it.
          </li>
          <li>
            Each turn you move one tool, turn the hook, or wait; then every stretched or squeezed spring
            pushes or pulls. The lock is open when the <strong>bolthole</strong>, the gap at the top right
            where the bolt sits, is empty.
          </li>
        </ul>
        <h2>Where to go</h2>
        <dl className="welcome-places">
          {PLACES.map(([href, title, text]) => (
            <div key={href}>
              <dt>
                <a href={href} onClick={onLinkClick}>
                  {title}
                </a>
              </dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
