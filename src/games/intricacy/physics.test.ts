/**
 * The scenario suite: each scenario is a name, a lock (a file in ./physics-scenarios/, in the lock
 * text format), a list of moves and the lock expected after them (the same file when the moves are
 * resisted). Each covers a rule of the physics section of Intricacy's README (the later one, from
 * its repository) or one of our readings where it is ambiguous (marked "ours"). Expected pictures
 * were drawn by hand from the rules.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { describeBlockage, intricacy, turnLock } from './game.ts';
import type { Lock } from './lock.ts';
import { compile, toLock } from './mechanism.ts';
import { formatMoveList, parseMoveList } from './notation.ts';
import { Physics } from './physics.ts';
import { collectionLock } from './test-fixtures.ts';
import { lockToText, parseLockText } from './text.ts';
import { lockProblems } from './validity.ts';

/** The lock, once checked to be a valid state (every scenario's lock must be). */
function valid(lock: Lock, name: string): Lock {
  assert.deepEqual(lockProblems(lock, { as: 'state' }), [], `${name} is a valid state`);
  return lock;
}

/** A scenario lock by its file name in ./physics-scenarios/ (without `.lock`). */
function fixture(name: string): Lock {
  const text = readFileSync(new URL(`./physics-scenarios/${name}.lock`, import.meta.url), 'utf8');
  const lock = parseLockText(text);
  if (!lock.ok) throw new Error(`${name}: ${lock.error}`);
  return valid(lock.value, name);
}

/** Play the moves on a scenario lock; return the final lock and every turn's blockage annotations, described. */
function run(before: string, moves: string) {
  let lock = fixture(before);
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
  /** Fixture names in ./physics-scenarios/. */
  readonly before: string;
  readonly moves: string;
  readonly after: string;
}

const SCENARIOS: readonly Scenario[] = [
  { name: 'the hook steps into empty space', before: 'hook-west', moves: 'hE', after: 'hook-centre' },
  { name: 'the hook pushes a ball', before: 'hook-ball', moves: 'hE', after: 'hook-ball-pushed' },
  {
    name: 'a push on a block that is not the end of a spring is resisted',
    before: 'hook-block',
    moves: 'hE',
    after: 'hook-block',
  },
  {
    name: 'resistance anywhere empties the whole group',
    before: 'hook-ball-block',
    moves: 'hE',
    after: 'hook-ball-block',
  },
  {
    name: 'a moving wrench keeps moving',
    before: 'wrench-west',
    moves: 'wE . . . . .',
    after: 'wrench-east-moving',
  },
  {
    name: 'a moving wrench stops when its push is blocked',
    before: 'wrench-west',
    moves: 'wE . . . . . .',
    after: 'wrench-east',
  },
  {
    name: 'a moving wrench pushes a ball along',
    before: 'wrench-ball',
    moves: 'wE . .',
    after: 'wrench-ball-pushed-moving',
  },
  {
    name: 'a still wrench resists a push',
    before: 'hook-ball-wrench',
    moves: 'hE',
    after: 'hook-ball-wrench',
  },
  {
    name: 'the hook resists a moving wrench, which stops',
    before: 'wrench-toward-hook',
    moves: 'wE . .',
    after: 'wrench-at-hook',
  },
  {
    name: 'the hook moves while the wrench keeps moving',
    before: 'wrench-moving-hook-south',
    moves: 'hE',
    after: 'wrench-moving-hook-moved',
  },
  {
    name: 'moving the wrench replaces its momentum',
    before: 'wrench-moving-east',
    moves: 'wNE',
    after: 'wrench-moving-north-east',
  },
  { name: 'the hook turns anticlockwise', before: 'hook-centre', moves: 'h+', after: 'hook-arm-north-east' },
  { name: 'the hook turns clockwise', before: 'hook-centre', moves: 'h-', after: 'hook-arm-south-east' },
  {
    name: 'a turning arm pushes a ball',
    before: 'hook-arm-beside-ball',
    moves: 'h+',
    after: 'hook-turned-ball-pushed',
  },
  { name: "the README's clawing example", before: 'claw', moves: 'h-', after: 'claw-turned' },
  {
    name: 'when the clawing push is resisted too, nothing turns',
    before: 'claw-resisted',
    moves: 'h-',
    after: 'claw-resisted',
  },
  {
    name: 'a push across an arm twists its pivot',
    before: 'pivot-arm-hook',
    moves: 'hNW',
    after: 'pivot-twisted',
  },
  {
    name: 'a push along an arm pushes the pivot, which resists',
    before: 'pivot-arm-hook-along',
    moves: 'hW',
    after: 'pivot-arm-hook-along',
  },
  {
    name: 'a twisted pivot pulls a ball round',
    before: 'pivot-ball',
    moves: 'hNW',
    after: 'pivot-ball-pulled',
  },
  {
    name: 'pushing a block against its spring compresses it; the spring pushes back when it can',
    before: 'spring-hook',
    moves: 'hW',
    after: 'spring-compressed',
  },
  {
    name: 'the compressed spring pushes its block back once the hook leaves',
    before: 'spring-compressed',
    moves: 'hE',
    after: 'spring-hook',
  },
  {
    name: 'a fully extended spring transmits the push to its end',
    before: 'springs-taut',
    moves: 'hW',
    after: 'springs-taut-pushed',
  },
  {
    name: 'a spring not fully extended absorbs the push, then pulls its end in phase 2',
    before: 'springs-slack',
    moves: 'hW',
    after: 'springs-slack-pushed',
  },
  {
    name: 'a sideways push on a sprung block reaches its root',
    before: 'sprung-block-hook-south',
    moves: 'hNE',
    after: 'sprung-block-hook-south',
  },
  {
    name: 'two springs pushing two blocks into one hex are both blocked',
    before: 'springs-opposed',
    moves: '.',
    after: 'springs-opposed',
  },
  {
    name: 'a spring force pushing against a fixed piece does not block the other',
    before: 'springs-opposed-wrench',
    moves: '.',
    after: 'springs-opposed-wrench-applied',
  },
  {
    name: 'a dominated group is blocked, the dominating one applied',
    before: 'springs-dominated',
    moves: '.',
    after: 'springs-dominated-applied',
  },
  {
    name: 'ours: two groups that would stretch a spring beyond its range are inconsistent',
    before: 'springs-range',
    moves: '.',
    after: 'springs-range',
  },
  {
    name: 'ours: a push at 60° to an arm pushes the pivot, which resists',
    before: 'pivot-arm-hook-60',
    moves: 'hNE',
    after: 'pivot-arm-hook-60',
  },
  // A dominates B, B and C block each other, A and C are consistent. Blocking is decided for
  // all pairs at once, so C is blocked by B although B is itself blocked (by A).
  {
    name: 'ours: a blocked group still blocks the groups inconsistent with it',
    before: 'springs-blocked-chain',
    moves: '.',
    after: 'springs-blocked-chain-applied',
  },
  {
    name: 'a sideways push on a block sprung from a pivot reaches the pivot, which resists',
    before: 'pivot-sprung-block',
    moves: 'hNE',
    after: 'pivot-sprung-block',
  },
  // Phase 1 pulls the bolt out of the gap (the spring from A is fully extended); in phase 2
  // block B's spring pushes B into the emptied gap. The lock is judged after the whole turn.
  {
    name: 'ours: a gap emptied in phase 1 and refilled in phase 2 does not open the lock',
    before: 'gap-emptied',
    moves: 'hW',
    after: 'gap-refilled',
  },
  // Twisting the pivot, its east arm pushes block A north-west and its north-west arm pushes
  // A south-west (then, clawing, south-east): one group cannot move A two ways, so it is resisted.
  {
    name: 'ours: a group that would move one piece two ways is resisted',
    before: 'pivot-two-arms-block',
    moves: 'hNW',
    after: 'pivot-two-arms-block',
  },
];

describe('Intricacy physics scenarios', () => {
  for (const s of SCENARIOS) {
    it(s.name, () => {
      const { lock } = run(s.before, s.moves);
      assert.equal(lockToText(lock), lockToText(fixture(s.after)));
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
    const next = turnLock(fixture(s.before), { tool: 'hook', dir: 3 });
    assert.equal(next.open, false);
  });
});

describe('the game contract', () => {
  const pull = valid(collectionLock('tutorial/05-hook'), 'tutorial/05-hook');

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
          intricacy.formatMove(m, intricacy.setup(fixture(scenario('the hook pushes a ball').before), 0)),
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
    const state = intricacy.setup(fixture(scenario('the hook pushes a ball').before), 0);
    assert.equal(intricacy.play(state, { tool: 'hook', dir: 7 } as never).ok, false);
  });
});

describe('the phase hook (for animation)', () => {
  const between = (name: string, moves: string) => {
    const { mechanism, config } = compile(fixture(scenario(name).before));
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
    assert.notDeepEqual(mid.pieces, fixture(scenario(name).before).pieces, 'phase 1 moved the hook and A');
    assert.notDeepEqual(mid.pieces, final.pieces, 'phase 2 then pulled B');
    assert.deepEqual(final.pieces, fixture(scenario(name).after).pieces);
  });
  it('is not called when no spring is stretched or compressed', () => {
    assert.equal(between('the hook steps into empty space', 'hE').seen.length, 0);
  });
});
