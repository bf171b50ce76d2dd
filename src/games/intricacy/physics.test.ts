/**
 * The scenario suite: small locks in the text format, a list of moves, the expected result.
 * Each scenario covers a rule of the physics section of Intricacy's README (the later one, from its
 * repository) or one of our readings where it is ambiguous (marked "ours"). Expected pictures were
 * drawn by hand from the rules.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { describeBlockage, intricacy, turnLock } from './game.ts';
import type { Lock } from './lock.ts';
import { compile, toLock } from './mechanism.ts';
import { formatMoveList, parseMoveList } from './notation.ts';
import { Physics } from './physics.ts';
import { lockToText, parseLockText } from './text.ts';
import { lockProblems } from './validity.ts';

function read(text: string): Lock {
  const lock = parseLockText(text.trimStart());
  if (!lock.ok) throw new Error(lock.error);
  assert.deepEqual(lockProblems(lock.value, { as: 'state' }), [], 'the scenario is a valid state');
  return lock.value;
}

/** Play the moves; return the final lock and every turn's blockage annotations, described. */
function run(before: string, moves: string) {
  let lock = read(before);
  const parsed = parseMoveList(moves);
  if (!parsed.ok) throw new Error(parsed.error);
  const notes: string[][] = [];
  for (const move of parsed.value) {
    const next = turnLock(lock, move);
    notes.push(next.blockages.map((b) => describeBlockage(lock, b)));
    lock = next.lock;
    assert.deepEqual(lockProblems(lock, { as: 'state' }), [], 'every state reached is valid');
  }
  return { lock, notes };
}

interface Scenario {
  readonly name: string;
  readonly before: string;
  readonly moves: string;
  readonly after: string;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'the hook steps into empty space',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . H - . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . H - . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'the hook pushes a ball',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - O . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . H - O . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a push on a block that is not the end of a spring is resisted',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - A . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - A . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'resistance anywhere empties the whole group',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - O A . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - O A . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a moving wrench keeps moving',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # W . . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #`,
    moves: 'wE . . . . .',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . . . . W #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
wrench moving E`,
  },
  {
    name: 'a moving wrench stops when its push is blocked',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # W . . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #`,
    moves: 'wE . . . . . .',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . . . . W #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a moving wrench pushes a ball along',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # W O . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #`,
    moves: 'wE . .',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . W O . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
wrench moving E`,
  },
  {
    name: 'a still wrench resists a push',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - O W . . #
 # # . . . . . . #
# . . . . . . . #
 # . # . . . . #
  # # # # # # #`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . H - O W . . #
 # # . . . . . . #
# . . . . . . . #
 # . # . . . . #
  # # # # # # #`,
  },
  {
    name: 'the hook resists a moving wrench, which stops',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # W . . H . . . #
 # # . . . . . . #
# . . . . . . . #
 # . # . . . . #
  # # # # # # #`,
    moves: 'wE . .',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # . . W H . . . #
 # # . . . . . . #
# . . . . . . . #
 # . # . . . . #
  # # # # # # #`,
  },
  {
    name: 'the hook moves while the wrench keeps moving',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # W . . . . . . #
 # # . . . . . . #
# . . . H - . . #
 # . # . . . . #
  # # # # # # #
wrench moving E`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . W . . . . . #
 # # . . . . . . #
# . . . . H - . #
 # . # . . . . #
  # # # # # # #
wrench moving E`,
  },
  {
    name: 'moving the wrench replaces its momentum',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . W . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
wrench moving E`,
    moves: 'wNE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . W . . . . # #
  # . . . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
wrench moving NE`,
  },
  {
    name: 'the hook turns anticlockwise',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . H - . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'h+',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # . . . H . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'the hook turns clockwise',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . H - . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'h-',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . H . . . #
 # # . . . \\ . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a turning arm pushes a ball',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . O . . # #
  # . . . H - . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'h+',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . O . = = = #
   # . . . / . . # #
  # . . . H . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: "the README's clawing example",
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . \\ O A . # #
  # . . . H . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'h-',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / A . # #
  # . . . H O . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'when the clawing push is resisted too, nothing turns',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . \\ O A . # #
  # . . . H A . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'h-',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . \\ O A . # #
  # . . . H A . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a push across an arm twists its pivot',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . o - . . #
 # # . . . . H . #
# . . . . . . \\ #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hNW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # . . . o H . . #
 # # . . . . \\ . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'a push along an arm pushes the pivot, which resists',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . o - H - #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
arm 1,0 of 0,0`,
    moves: 'hW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . o - H - #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
arm 1,0 of 0,0`,
  },
  {
    name: 'a twisted pivot pulls a ball round',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . A . = = = #
   # . . . O . . # #
  # . . . o - . . #
 # # . . . . H . #
# . . . . . . \\ #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hNW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . A . = = = #
   # . . O / . . # #
  # . . . o H . . #
 # # . . . . \\ . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    name: 'pushing a block against its spring compresses it; the spring pushes back when it can',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ B - H . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3`,
    moves: 'hW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ B - H . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3`,
  },
  {
    name: 'the compressed spring pushes its block back once the hook leaves',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ B - H . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3`,
    moves: 'hE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ B - H . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3`,
  },
  {
    name: 'a fully extended spring transmits the push to its end',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # ~ ~ A H B . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3
spring -1,0 -> 1,0 natural 1`,
    moves: 'hW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . / . . . # #
  # ~ A H B . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring -2,0 -> 0,0 natural 1`,
  },
  {
    name: 'a spring not fully extended absorbs the push, then pulls its end in phase 2',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . / . . # #
  # ~ ~ A H B . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3
spring -1,0 -> 1,0 natural 2`,
    moves: 'hW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . / . . . # #
  # ~ A H B . . . #
 # # . . . . . . #
# . . . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring -2,0 -> 0,0 natural 2`,
  },
  {
    name: 'a sideways push on a sprung block reaches its root',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ B . . . . #
 # # . H . . . . #
# . . . \\ . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3`,
    moves: 'hNE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ B . . . . #
 # # . H . . . . #
# . . . \\ . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3`,
  },
  {
    name: 'two springs pushing two blocks into one hex are both blocked',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ A . B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring 4,0 -> 0,0 natural 5`,
    moves: '.',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ A . B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring 4,0 -> 0,0 natural 5`,
  },
  {
    name: 'a spring force pushing against a fixed piece does not block the other',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . W B . . # #
  # ~ A . B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring 4,0 -> 0,0 natural 5`,
    moves: '.',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . W B . . # #
  # ~ ~ A B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # . # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3
spring 4,0 -> 0,0 natural 5`,
  },
  {
    name: 'a dominated group is blocked, the dominating one applied',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ A ~ B . . . #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring -2,0 -> 0,0 natural 1`,
    moves: '.',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ A B . . . #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3
spring -1,0 -> 0,0 natural 1`,
  },
  {
    name: 'ours: two groups that would stretch a spring beyond its range are inconsistent',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ A B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 2
spring -1,0 -> 0,0 natural 1
spring 4,0 -> 0,0 natural 3`,
    moves: '.',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ A B ~ ~ ~ #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 2
spring -1,0 -> 0,0 natural 1
spring 4,0 -> 0,0 natural 3`,
  },
  {
    name: 'ours: a push at 60° to an arm pushes the pivot, which resists',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . o - . . #
 # # . . . H . . #
# . . . . . \\ . #
 # W # . . . . #
  # # # # # # #`,
    moves: 'hNE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # . . . o - . . #
 # # . . . H . . #
# . . . . . \\ . #
 # W # . . . . #
  # # # # # # #`,
  },
  {
    // A dominates B, B and C block each other, A and C are consistent. Blocking is decided for
    // all pairs at once, so C is blocked by B although B is itself blocked (by A).
    name: 'ours: a blocked group still blocks the groups inconsistent with it',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ A ~ B . . . #
 # # . . B . . . #
# H - . C . . . #
 # W # . D . . #
  # # # # # # #
spring -4,0 -> -2,0 natural 3
spring -2,0 -> 0,0 natural 1
spring 1,-3 -> 0,-2 natural 2`,
    moves: '.',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # ~ ~ A B . . . #
 # # . . B . . . #
# H - . C . . . #
 # W # . D . . #
  # # # # # # #
spring -4,0 -> -1,0 natural 3
spring -1,0 -> 0,0 natural 1
spring 1,-3 -> 0,-2 natural 2`,
  },
  {
    name: 'a sideways push on a block sprung from a pivot reaches the pivot, which resists',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # - o ~ A . . . #
 # # . . H . . . #
# . . . . \\ . . #
 # W # . . . . #
  # # # # # # #
spring -2,0 -> 0,0 natural 2`,
    moves: 'hNE',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . . . . . # #
  # - o ~ A . . . #
 # # . . H . . . #
# . . . . \\ . . #
 # W # . . . . #
  # # # # # # #
spring -2,0 -> 0,0 natural 2`,
  },
  {
    // Phase 1 pulls the bolt out of the gap (the spring from A is fully extended); in phase 2
    // block B's spring pushes B into the emptied gap. The lock is judged after the whole turn.
    name: 'ours: a gap emptied in phase 1 and refilled in phase 2 does not open the lock',
    before: `
intricacy lock size 3
      # # # #
     # . . / # #
    # ~ A H = = #
 # # . . . . B #
# . . . . . ~ #
 # W # . . ~ #
  # # # # # #
spring -3,1 -> -1,1 natural 2
spring -1,1 -> 1,1 natural 1
spring 2,-3 -> 2,0 natural 4`,
    moves: 'hW',
    after: `
intricacy lock size 3
      # # # #
     # . / . # #
    # A H = = B #
 # # . . . . ~ #
# . . . . . ~ #
 # W # . . ~ #
  # # # # # #
spring -3,1 -> -2,1 natural 2
spring -2,1 -> 0,1 natural 1
spring 2,-3 -> 2,1 natural 4`,
  },
  {
    // Twisting the pivot, its east arm pushes block A north-west and its north-west arm pushes
    // A south-west (then, clawing, south-east): one group cannot move A two ways, so it is resisted.
    name: 'ours: a group that would move one piece two ways is resisted',
    before: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . \\ A . . # #
  # . . A o - . . #
 # # . . . . H . #
# . . . . . . \\ #
 # W # . . . . #
  # # # # # # #
spring 4,-3 -> 0,1 natural 4`,
    moves: 'hNW',
    after: `
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # . . . . = = = #
   # . . \\ A . . # #
  # . . A o - . . #
 # # . . . . H . #
# . . . . . . \\ #
 # W # . . . . #
  # # # # # # #
spring 4,-3 -> 0,1 natural 4`,
  },
];

describe('Intricacy physics scenarios', () => {
  for (const s of SCENARIOS) {
    it(s.name, () => {
      const { lock } = run(s.before, s.moves);
      assert.equal(lockToText(lock), lockToText(read(s.after)));
    });
  }
});

const scenario = (name: string) => SCENARIOS.find((s) => s.name === name) as Scenario;

describe('blockage annotations', () => {
  it('name the resisted force for a push into a fixed block', () => {
    const { notes } = run(
      scenario('a push on a block that is not the end of a spring is resisted').before,
      'hE',
    );
    assert.deepEqual(notes, [['phase 1: push E on the hook resisted at push E on piece 4 (block A)']]);
  });
  it('name the wrench when a still wrench resists', () => {
    const { notes } = run(scenario('a still wrench resists a push').before, 'hE');
    assert.deepEqual(notes, [['phase 1: push E on the hook resisted at push E on the wrench']]);
  });
  it('name both forces when two spring groups block each other', () => {
    const { notes } = run(
      scenario('two springs pushing two blocks into one hex are both blocked').before,
      '.',
    );
    assert.deepEqual(notes, [
      [
        'phase 2: push W on piece 5 (block B) blocked by push E on piece 4 (block A)',
        'phase 2: push E on piece 4 (block A) blocked by push W on piece 5 (block B)',
      ],
    ]);
  });
  it('say which group was dominated', () => {
    const { notes } = run(scenario('a dominated group is blocked, the dominating one applied').before, '.');
    assert.deepEqual(notes, [
      ['phase 2: push W on piece 5 (block B) dominated by push E on piece 4 (block A)'],
    ]);
  });
  it('report the spring-range clash as an inconsistency between the two groups', () => {
    const { notes } = run(
      scenario('ours: two groups that would stretch a spring beyond its range are inconsistent').before,
      '.',
    );
    assert.deepEqual(notes, [
      [
        'phase 2: push E on piece 5 (block B) blocked by push W on piece 4 (block A)',
        'phase 2: push W on piece 4 (block A) blocked by push E on piece 5 (block B)',
      ],
    ]);
  });
  it('name the second way a group tried to move a piece', () => {
    const { notes } = run(
      scenario('ours: a group that would move one piece two ways is resisted').before,
      'hNW',
    );
    assert.deepEqual(notes, [['phase 1: push NW on the hook resisted at push SE on piece 4 (block A)']]);
  });
  it('tell a fully extended spring (pull in phase 1) from a slack one (pull in phase 2)', () => {
    const full = run(scenario('a fully extended spring transmits the push to its end').before, 'hW');
    const slack = run(
      scenario('a spring not fully extended absorbs the push, then pulls its end in phase 2').before,
      'hW',
    );
    assert.deepEqual(full.notes, [
      [
        'phase 2: push E on piece 4 (block A) resisted at push E on the hook',
        'phase 2: push W on piece 5 (block B) resisted at push W on the hook',
      ],
    ]);
    assert.deepEqual(slack.notes, [['phase 2: push E on piece 4 (block A) resisted at push E on the hook']]);
  });
});

describe('opening', () => {
  it('is judged after the whole turn', () => {
    const s = scenario('ours: a gap emptied in phase 1 and refilled in phase 2 does not open the lock');
    const next = turnLock(read(s.before), { tool: 'hook', dir: 3 });
    assert.equal(next.open, false);
  });
});

describe('the game contract', () => {
  const pull = read(`
intricacy lock size 4
      # # # # #
     # . . . . # # #
    # ~ ~ A ~ = = = #
   # . . . . . . # #
  # . . . . . . . #
 # # . . . . . . #
# H - . . . . . #
 # W # . . . . #
  # # # # # # #
spring -4,2 -> -1,2 natural 3
spring -1,2 -> 1,2 natural 2`);

  it('wins exactly when the bolt area is emptied, then refuses moves', () => {
    const options = intricacy.parseOptions(lockToText(pull));
    assert.ok(options.ok);
    const moves = 'hE hE hNE hNE hNE h+ hW'.split(' ');
    const before = replay(intricacy, options.value, 0, moves.slice(0, -1));
    assert.ok(before.ok);
    assert.equal(intricacy.outcome(before.value), undefined);
    assert.equal(intricacy.toMove(before.value), 0);
    const after = replay(intricacy, options.value, 0, moves);
    assert.ok(after.ok);
    assert.equal(after.value.opened, true);
    assert.equal(intricacy.outcome(after.value)?.kind, 'win');
    assert.equal(intricacy.toMove(after.value), undefined);
    assert.deepEqual(intricacy.legalMoves(after.value), []);
    const more = intricacy.play(after.value, { tool: 'wait' });
    assert.equal(more.ok, false);
  });

  it('refuses an invalid lock as options, naming the problem', () => {
    const bad = intricacy.parseOptions(
      lockToText(pull).replace('spring -1,2 -> 1,2 natural 2', 'spring -1,2 -> 1,2 natural 1'),
    );
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.error, /not at rest/);
  });

  it('keeps states as plain JSON', () => {
    const state = intricacy.setup(pull, 0);
    const next = intricacy.play(state, { tool: 'hook', dir: 0 });
    assert.ok(next.ok);
    assert.deepEqual(JSON.parse(JSON.stringify(next.value)), next.value);
  });
});

describe('move notation', () => {
  it('reads canonical tokens and the original keys alike', () => {
    const canonical = parseMoveList('hE hNE hNW hW hSW hSE h+ h- wE wNE wNW wW wSW wSE .');
    const keys = parseMoveList('l u y h b n k j L U Y H B N wait');
    assert.ok(canonical.ok && keys.ok);
    assert.deepEqual(keys.value, canonical.value);
    assert.equal(formatMoveList(keys.value), 'hE hNE hNW hW hSW hSE h+ h- wE wNE wNW wW wSW wSE .');
    assert.equal(
      canonical.value
        .map((m) =>
          intricacy.formatMove(m, intricacy.setup(read(scenario('the hook pushes a ball').before), 0)),
        )
        .join(' '),
      'hE hNE hNW hW hSW hSE h+ h- wE wNE wNW wW wSW wSE .',
    );
  });
  it('names a bad token and its position', () => {
    assert.deepEqual(parseMoveList('hE w+ .'), { ok: false, error: 'move 2: "w+": the wrench cannot turn' });
    assert.equal(parseMoveList('hE K').ok, false);
  });
  it('refuses a malformed move object in play', () => {
    const state = intricacy.setup(read(scenario('the hook pushes a ball').before), 0);
    assert.equal(intricacy.play(state, { tool: 'hook', dir: 7 } as never).ok, false);
  });
});

describe('the phase hook (for animation)', () => {
  const between = (name: string, moves: string) => {
    const { mechanism, config } = compile(read(scenario(name).before));
    const physics = new Physics(mechanism);
    const seen: Lock[] = [];
    physics.onPhaseOne = (after) => seen.push(toLock(mechanism, after));
    const parsed = parseMoveList(moves);
    assert.ok(parsed.ok);
    for (const move of parsed.value) physics.turn(config, move);
    return { seen, final: toLock(mechanism, config) };
  };
  it('shows the lock after the tools moved and before the springs act', () => {
    const name = 'a spring not fully extended absorbs the push, then pulls its end in phase 2';
    const { seen, final } = between(name, 'hW');
    assert.equal(seen.length, 1);
    const [mid] = seen as [Lock];
    assert.notDeepEqual(mid.pieces, read(scenario(name).before).pieces, 'phase 1 moved the hook and A');
    assert.notDeepEqual(mid.pieces, final.pieces, 'phase 2 then pulled B');
    assert.deepEqual(final.pieces, read(scenario(name).after).pieces);
  });
  it('is not called when no spring is stretched or compressed', () => {
    assert.equal(between('the hook steps into empty space', 'hE').seen.length, 0);
  });
});
