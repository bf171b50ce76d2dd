/**
 * The preset locks a new player meets, after the original Intricacy program's: a tutorial teaching
 * the mechanics in the original's order, then an initiation of harder locks with 3-letter names to
 * solve before entering the metagame. This module is only the list: each lock's text is the file
 * locks/<name>.lock (Node reads it from disk, the web client bundles it with import.meta.glob).
 * `shortest` is the length of a shortest solution, found by the breadth-first solver and checked
 * against the files by curriculum.test.ts.
 */

export interface CurriculumLock {
  /** Path under locks/ without `.lock`: "tutorial/01-winning", "initiation/ABC". */
  readonly name: string;
  readonly title: string;
  /** A short teaching text, shown before the lock. */
  readonly intro: string;
  /** Length (turns) of a shortest solution. */
  readonly shortest: number;
}

/**
 * How a lock is named to players: an initiation lock by its 3-letter name and its title
 * ("AXE: Pivot at the door"), a tutorial lock by its title.
 */
export const curriculumLabel = (lock: CurriculumLock): string =>
  lock.name.startsWith('initiation/')
    ? `${lock.name.slice('initiation/'.length)}: ${lock.title}`
    : lock.title;

export const TUTORIAL: readonly CurriculumLock[] = [
  {
    name: 'tutorial/01-winning',
    title: 'Winning',
    intro:
      'A lock is open when the bolthole, the gap at the top right where the bolt sits, is empty. ' +
      'Here a spring pulls the bolt into the lock, but a ball (O) is in its way. Move the hook (H) ' +
      'to knock the ball aside.',
    shortest: 6,
  },
  {
    name: 'tutorial/02-tools',
    title: 'Tools',
    intro:
      'You have two tools: the hook (H with its arm), which moves and turns, and the wrench (W), which ' +
      'moves. Each turn you move one of them one step or turn the hook. Only the wrench fits up the ' +
      'left-hand side to the ball: move the hook out of its way first.',
    shortest: 9,
  },
  {
    name: 'tutorial/03-waiting',
    title: 'Waiting',
    intro:
      'The lock moves on its own: every turn each stretched or squashed spring moves its block one ' +
      "step. Push the ball off block A's path, step back out of the way, then wait while A " +
      'and the bolt follow their springs.',
    shortest: 5,
  },
  {
    name: 'tutorial/04-wrench',
    title: 'The wrench',
    intro:
      'The wrench has momentum: once moved, it keeps going the same way every turn until something ' +
      'blocks it, then stops. Steer it round the wall to push block A west, which pulls the bolt.',
    shortest: 13,
  },
  {
    name: 'tutorial/05-hook',
    title: 'The hook',
    intro:
      "The hook's arm can push sideways as it turns, and when the piece it turns into cannot be pushed " +
      'that way, the arm drags it round instead. Turn the arm into block A to drag it west.',
    shortest: 7,
  },
  {
    name: 'tutorial/06-blocking',
    title: 'Blocking the wrench',
    intro:
      'A wrench that is blocked stops, and a still wrench cannot be pushed by anything: it holds like a ' +
      'wall. Drive it into block A and leave it there, holding A against its spring while the bolt comes.',
    shortest: 11,
  },
  {
    name: 'tutorial/07-balls',
    title: 'Balls',
    intro:
      'Balls (O) move one cell whenever something pushes them, and stay where they are put. Clear a ' +
      'path through them to block A.',
    shortest: 9,
  },
  {
    name: 'tutorial/08-traps',
    title: 'Traps',
    intro:
      'Not every push can be taken back. Push the ball at the bottom right up beside the bolt and nothing ' +
      'can ever move it again, nor the ball holding the bolt. Find the other way. (z undoes, r resets.)',
    shortest: 9,
  },
  {
    name: 'tutorial/09-springs',
    title: 'Springs',
    intro:
      'A push along a spring squashes or stretches it; a push across it is passed on to the block at its ' +
      'other end. Push C west and A, which C hangs from, comes too, stretching the spring to the bolt.',
    shortest: 5,
  },
  {
    name: 'tutorial/10-pivots',
    title: 'Pivots',
    intro:
      'A pivot (o with arms) turns about its centre but never moves. Twist it with the hook until an arm ' +
      'sweeps block A west, then pull the bolt.',
    shortest: 20,
  },
  {
    name: 'tutorial/11-conflicts',
    title: 'Conflicting forces',
    intro:
      "Block A's spring and the bolt's spring push into the same cell, so both are blocked. But a force " +
      'that also pushes against a tool is resisted and blocks nothing: put a tool under A.',
    shortest: 3,
  },
];

export const INITIATION: readonly CurriculumLock[] = [
  {
    name: 'initiation/AXE',
    title: 'Pivot at the door',
    intro:
      "A pivot stands by the way in, and a ball holds the bolt as in the first lesson. You will need both tools, and the pivot's arm in the right place.",
    shortest: 13,
  },
  {
    name: 'initiation/BOX',
    title: 'Boxed in',
    intro:
      'Fixed blocks box in the ball that holds the bolt. Find the side it can be pushed from, and the tool that fits there.',
    shortest: 14,
  },
  {
    name: 'initiation/COG',
    title: 'Short spring',
    intro:
      'Block C hangs from A on a short spring, and fixed blocks narrow the way. Both tools have work to do.',
    shortest: 14,
  },
  {
    name: 'initiation/DIE',
    title: 'Crowded road',
    intro:
      "The blocking lesson again, but two sprung blocks stand in the wrench's road to block A. Move them without jamming the road.",
    shortest: 16,
  },
  {
    name: 'initiation/EEL',
    title: 'Slippery',
    intro:
      'A pivot by the door, a ball, and block B hung beside the bolt from the bottom-right corner. Free block A and let the springs work.',
    shortest: 17,
  },
  {
    name: 'initiation/FOB',
    title: 'Long spring',
    intro:
      'Block B hangs across the whole lock on a long spring from the bottom corner, and it is in the way.',
    shortest: 17,
  },
  {
    name: 'initiation/GAP',
    title: 'Tighter trap',
    intro:
      'The trap lesson with less room and another ball. Some pushes cannot be taken back: think before each one.',
    shortest: 18,
  },
  {
    name: 'initiation/HUB',
    title: 'Far corner',
    intro:
      'A pivot by the door, and block D sprung from the far corner above block A. Both tools are needed.',
    shortest: 20,
  },
  {
    name: 'initiation/INK',
    title: 'Crowd',
    intro:
      'The springs lesson, crowded: block A carries the bolt and, below it, block C; blocks and a pivot fill the way to C.',
    shortest: 21,
  },
  {
    name: 'initiation/JAM',
    title: 'Three springs',
    intro:
      'Block A carries the bolt and two more blocks on springs, and a pivot sits at the right. Both tools are needed.',
    shortest: 23,
  },
  {
    name: 'initiation/KEG',
    title: 'Held shut',
    intro:
      'Block C, sprung from the bottom-right corner, holds the bolt. The hook alone can open this one, but not quickly.',
    shortest: 24,
  },
  {
    name: 'initiation/LID',
    title: 'Two pivots',
    intro:
      'Two pivots stand between the door and the bolt, and the bolt hangs on a long spring. Twist your way through with the hook.',
    shortest: 27,
  },
  {
    name: 'initiation/MAW',
    title: 'Mouthful',
    intro:
      'The waiting lesson with a mouthful of blocks: block B, sprung up from the floor, sits between A and the bolt.',
    shortest: 29,
  },
  {
    name: 'initiation/NUB',
    title: 'The long one',
    intro: 'A chain of springs, a ball and a crowd of blocks: the longest lock of the initiation.',
    shortest: 40,
  },
];
