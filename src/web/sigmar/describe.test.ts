import assert from 'node:assert/strict';
import { it } from 'node:test';
import { cellName, cellsOf, isFree, sigmar } from '../../games/sigmar/index.ts';
import { describeSigmar } from './describe.ts';

it("a Sigmar's Garden position in words: the marbles left, and each free one by element and cell", () => {
  const options = sigmar.parseOptions({});
  assert.ok(options.ok);
  const state = sigmar.setup(options.value, 7);
  const cells = cellsOf(state);
  const free = [...Array(91).keys()].filter((c) => cells[c] !== 0 && isFree(cells, c));
  const words = describeSigmar(state);
  assert.match(words, new RegExp(`^55 marbles, ${free.length} free: `));
  for (const cell of free) assert.ok(words.includes(` ${cellName(cell)}`), `${cellName(cell)} in ${words}`);
});
