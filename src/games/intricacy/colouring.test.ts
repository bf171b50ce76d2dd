import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import {
  BALL_COLOUR,
  colourAdjacentDiffer,
  colourByNature,
  HOOK_COLOUR,
  PIVOT_COLOUR,
  touchingGraph,
  UNCOLOURED,
  WRENCH_COLOUR,
} from './colouring.ts';
import { FRAME } from './lock.ts';
import { randomLock } from './random.ts';
import { parseLockText } from './text.ts';

const pull = (() => {
  const r = parseLockText(
    readFileSync(join(import.meta.dirname, '../../../locks/tutorial/05-hook.lock'), 'utf8'),
  );
  if (!r.ok) throw new Error(r.error);
  return r.value;
})();

function assertProper(lock: Parameters<typeof touchingGraph>[0], colour: number[]): void {
  const graph = touchingGraph(lock);
  graph.forEach((ns, i) => {
    if (i === FRAME) return;
    assert.ok((colour[i] as number) >= 1 && (colour[i] as number) <= 5, `piece ${i} has colour ${colour[i]}`);
    for (const j of ns) assert.notEqual(colour[i], colour[j], `touching pieces ${i} and ${j} share a colour`);
  });
}

describe('colouring by nature', () => {
  it('colours sprung blocks by height, leaves fixed blocks plain, gives tools their own', () => {
    // 05-hook.lock: A hangs from the frame (height 1), the bolt hangs from A (height 2).
    assert.deepEqual(colourByNature(pull), [UNCOLOURED, 2, HOOK_COLOUR, WRENCH_COLOUR, 1]);
    const withOthers = {
      ...pull,
      pieces: [
        ...pull.pieces,
        { kind: 'pivot' as const, centre: { x: 0, y: 0 }, arms: [0] },
        { kind: 'ball' as const, at: { x: 2, y: -1 } },
      ],
    };
    assert.deepEqual(colourByNature(withOthers).slice(5), [PIVOT_COLOUR, BALL_COLOUR]);
  });
});

describe('adjacent-differ colouring', () => {
  it('gives every planar piece layout a proper colouring with five colours (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 3, max: 11 }), (seed, size) => {
        const lock = randomLock(createRng(seed), { size, pieces: 12 * size, toolsInside: true });
        assertProper(lock, colourAdjacentDiffer(lock));
      }),
      { numRuns: 200 },
    );
  });

  it('recolours only the piece that gives way when one clash appears', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.nat(), (seed, pick) => {
        const lock = randomLock(createRng(seed), { size: 6, pieces: 60, toolsInside: true });
        const graph = touchingGraph(lock);
        const colour = colourAdjacentDiffer(lock);
        const touching = graph
          .flatMap((ns, i) => ns.map((j) => [i, j] as const))
          .filter(([i]) => i !== FRAME);
        if (touching.length === 0) return;
        const [i, j] = touching[pick % touching.length] as readonly [number, number];
        const previous = [...colour];
        previous[Math.max(i, j)] = colour[Math.min(i, j)] as number; // the later piece now clashes
        const after = colourAdjacentDiffer(lock, previous);
        assertProper(lock, after);
        const loser = Math.max(i, j);
        const neighbourColours = new Set((graph[loser] as number[]).map((k) => previous[k]));
        if (neighbourColours.size < 5) {
          const changed = after.map((c, k) => (c === previous[k] ? -1 : k)).filter((k) => k >= 0);
          assert.deepEqual(changed, [loser]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a proper previous colouring exactly', () => {
    const colour = colourAdjacentDiffer(pull);
    assert.deepEqual(colourAdjacentDiffer(pull, colour), colour);
  });
});
