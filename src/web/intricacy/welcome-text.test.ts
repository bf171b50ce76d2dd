import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INITIATION, TUTORIAL } from '../../games/intricacy/index.ts';
import { standing } from './welcome-text.ts';

const solved = (...locks: readonly { name: string }[]) => Object.fromEntries(locks.map((l) => [l.name, 5]));

describe('the Intricacy welcome: where a player goes next', () => {
  it('sends a newcomer to the first tutorial lock', () => {
    assert.deepEqual(standing({}, false, false), {
      newcomer: true,
      summary: '',
      next: { label: 'Start the tutorial', href: '/intricacy/tutorial?lock=tutorial%2F01-winning' },
    });
  });

  it('sends a returning player to the first tutorial lock they have not solved', () => {
    const s = standing(solved(...TUTORIAL.slice(0, 4)), false, false);
    assert.equal(s.newcomer, false);
    assert.equal(s.next.label, 'Continue: Tutorial 5, The hook');
    assert.equal(s.next.href, '/intricacy/tutorial?lock=tutorial%2F05-hook');
    assert.equal(
      s.summary,
      `Tutorial: 4 of ${TUTORIAL.length} locks solved. Initiation: 0 of ${INITIATION.length}.`,
    );
  });

  it('a player with only a half-picked lock is not a newcomer', () => {
    assert.equal(standing({}, false, true).newcomer, false);
  });

  it('after the tutorial, to the initiation; after both (or skipping it), to the metagame', () => {
    const tutorial = solved(...TUTORIAL);
    assert.match(standing(tutorial, false, false).next.label, /^Continue: Initiation, /);
    assert.equal(standing(tutorial, true, false).next.href, '/intricacy/meta');
    assert.match(standing(tutorial, true, false).summary, /\(skipped\)/);
    assert.equal(standing(solved(...TUTORIAL, ...INITIATION), false, false).next.href, '/intricacy/meta');
  });
});
