/** The metagame's world saved in parts: read back exactly, and a later save writes only what changed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PULL_SOLUTION, PULL as PULL_TEXT } from '../../../test/intricacy-locks.ts';
import type { Result } from '../../games/game.ts';
import { emptyWorld, type World } from '../../games/intricacy/metagame.ts';
import { parseMoveList } from '../../games/intricacy/notation.ts';
import { parseLockText } from '../../games/intricacy/text.ts';
import { applyAction } from './world.ts';
import { worldFromParts, worldParts } from './world-parts.ts';

const read = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const lock = read(parseLockText(PULL_TEXT));
const solution = read(parseMoveList(PULL_SOLUTION));
const name = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}7`;

/** Players `from` to `to` register and fill their slots; each declares on two others' locks. */
function grow(world: World, from: number, to: number, at: number): World {
  let w = world;
  for (let p = from; p < to; p++) {
    w = read(applyAction(w, { kind: 'register', payload: { codename: name(p) } }, at));
    for (let slot = 0; slot < 3; slot++)
      w = read(applyAction(w, { kind: 'place', payload: { owner: name(p), slot, lock, solution } }, at));
  }
  for (let p = from; p < to; p++)
    for (const on of [(3 * p + 4) % w.locks.length, (3 * p + 10) % w.locks.length]) {
      const next = applyAction(
        w,
        { kind: 'declare', payload: { solver: name(p), on, behind: 3 * p, solution } },
        at,
      );
      if (next.ok) w = next.value;
    }
  return w;
}

describe('the metagame world in parts', () => {
  it('is read back exactly, across chunks; a later save carries only the chunks that grew, and flags', () => {
    const first = grow(emptyWorld(), 0, 200, 5);
    assert.ok(first.locks.length > 512 && first.notes.length > 0);
    const saved = worldParts(first, null);
    assert.equal(JSON.stringify(worldFromParts(saved)), JSON.stringify(first));

    // Retire a few locks (their flags and the notes behind them change), add players.
    let later = first;
    for (const p of [1, 2, 3])
      later = read(applyAction(later, { kind: 'retire', payload: { owner: name(p), slot: 0 } }, 6));
    later = grow(later, 200, 230, 7);
    const basis = { locks: first.locks.length, notes: first.notes.length };
    const changed = worldParts(later, basis);
    assert.deepEqual(
      [...changed.keys()].filter((k) => k.startsWith('locks:')),
      ['locks:1'],
      'the full first chunk of locks is not written again',
    );
    const merged = new Map([...saved, ...changed]);
    assert.equal(JSON.stringify(worldFromParts(merged)), JSON.stringify(later));
    assert.ok(later.locks.some((l) => l.retired) && later.notes.some((n) => n.public));
  });

  it('is not read when a part is missing', () => {
    const parts = worldParts(grow(emptyWorld(), 0, 200, 5), null);
    parts.delete('locks:0');
    assert.equal(worldFromParts(parts), undefined);
    assert.equal(worldFromParts(new Map()), undefined);
  });
});
