import assert from 'node:assert/strict';
import { it } from 'node:test';
import { atom4 } from '../../games/atom4/index.ts';
import { playText } from '../../games/index.ts';
import { describeAtom4 } from './describe.ts';

it('an Atom-4 position in words: round and score, pieces by colour at their points, the next piece', () => {
  const options = atom4.parseOptions({ rounds: 3 });
  assert.ok(options.ok);
  const start = atom4.setup(options.value, 1);
  assert.match(describeAtom4(start), /^Round 1 of 3, score 0 to 0\. Pieces: green at 7,7; purple at 8,7\./);
  const moved = playText(atom4, start, '8,6');
  assert.ok(moved.ok);
  const words = describeAtom4(moved.value);
  assert.match(words, /red at 8,6/);
  assert.match(words, /Next piece: yellow, for player 2\.$/);
});
