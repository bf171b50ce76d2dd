import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hex } from '../../grid/hex.ts';
import { createRng } from '../../grid/rng.ts';
import { MAX_SIZE, MIN_SIZE, pieceCells, standardLock } from './lock.ts';
import { randomLock } from './random.ts';
import { lockToText, parseLockText } from './text.ts';
import { lockFromJson, lockProblems } from './validity.ts';

const LOCKS = join(import.meta.dirname, '../../../locks');
const lockFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? lockFiles(join(dir, e.name)) : e.name.endsWith('.lock') ? [join(dir, e.name)] : [],
  );

const parse = (text: string) => {
  const r = parseLockText(text);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe('lock text format', () => {
  it('round-trips the standard lock of every size and the lock is valid', () => {
    for (let s = MIN_SIZE; s <= MAX_SIZE; s++) {
      const lock = standardLock(s);
      assert.deepEqual(parse(lockToText(lock)), lock, `size ${s}`);
      assert.deepEqual(lockProblems(lock), [], `size ${s}`);
    }
  });

  it('round-trips every example lock file exactly, text and JSON', () => {
    const files = lockFiles(LOCKS);
    assert.ok(files.length >= 3);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lock = parse(text);
      const picture = text.split('\n').filter((l) => !l.startsWith(';'));
      assert.equal(lockToText(lock), picture.join('\n'), file);
      assert.deepEqual(parse(lockToText(lock)), lock, file);
      const json = lockFromJson(JSON.parse(JSON.stringify(lock)));
      assert.ok(json.ok);
      assert.deepEqual(json.value, lock, file);
    }
  });

  it('draws a size-11 lock within an 80×25 terminal', () => {
    const lines = lockToText(standardLock(11)).trimEnd().split('\n');
    assert.ok(lines.length <= 25);
    assert.ok(lines.every((l) => l.length <= 80));
  });

  it('says which centre an arm belongs to when both ends of its stroke are centres', () => {
    const base = standardLock(4);
    const lock = {
      ...base,
      pieces: [
        ...base.pieces,
        { kind: 'pivot' as const, centre: hex(0, 0), arms: [0] },
        { kind: 'pivot' as const, centre: hex(2, 0), arms: [2] },
      ],
    };
    const text = lockToText(lock);
    assert.match(text, /^arm 1,0 of 0,0$/m);
    assert.deepEqual(parse(text), lock);
    const ambiguous = text.replace(/^arm 1,0 of 0,0\n/m, '');
    const r = parseLockText(ambiguous);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /^line 6, column 13: arm "-" could belong to either end/);
  });

  it('keeps the wrench moving and the springs', () => {
    const base = standardLock(3);
    const lock = {
      ...base,
      pieces: [
        ...base.pieces.slice(0, 3),
        { kind: 'wrench' as const, at: hex(0, 0), momentum: 4 },
        { kind: 'block' as const, cells: [hex(-1, -1)] },
      ],
      springs: [{ root: 0, rootAnchor: hex(-1, -2), end: 4, endAnchor: hex(-1, -1), natural: 1 }],
    };
    const text = lockToText(lock);
    assert.match(text, /^wrench moving SW$/m);
    assert.match(text, /^spring -1,-2 -> -1,-1 natural 1$/m);
    assert.deepEqual(parse(text), lock);
  });

  const errors: [string, (t: string) => string, RegExp][] = [
    [
      'a missing header',
      (t) => t.replace('intricacy lock size 3', 'lock 3'),
      /^line 1, column 1: expected the header/,
    ],
    [
      'a size out of range',
      (t) => t.replace('size 3', 'size 12'),
      /^line 1, column 21: size must be 1 to 11/,
    ],
    [
      'an unknown character',
      (t) => t.replace('# . . . # #', '# . ? . # #'),
      /^line 3, column 10: unknown character "\?"/,
    ],
    [
      'a character between cells',
      (t) => t.replace('# . . . # #', '# .. . # #'),
      /^line 3, column 9: "\." between cells/,
    ],
    [
      'a blank cell',
      (t) => t.replace('# . . . # #', '# .   . # #'),
      /^line 3, column 10: a cell of the lock is blank/,
    ],
    [
      'a piece outside the lock',
      (t) => t.replace('      # # # #', '    O # # # #'),
      /^line 2, column 5: "O" outside the lock/,
    ],
    [
      'a second hook',
      (t) => t.replace('# . . . # #', '# H - . # #'),
      /a lock has exactly one hook "H", found 2/,
    ],
    [
      'a lone arm',
      (t) => t.replace('# . . . # #', '# . / . # #'),
      /^line 3, column 10: arm "\/" has no pivot or hook centre/,
    ],
    ['a bad trailer line', (t) => `${t}springs everywhere\n`, /^line 9, column 1: expected "spring …"/],
    [
      'a spring anchored in nothing',
      (t) => `${t}spring 0,0 -> 1,0 natural 1\n`,
      /^line 9, column 1: no piece at the spring's root anchor 0,0/,
    ],
    [
      'a stray spring mark',
      (t) => t.replace('# . . . # #', '# . ~ . # #'),
      /^line 3, column 10: "~" where no spring runs/,
    ],
    [
      'a short picture',
      (t) => t.split('\n').slice(0, 5).join('\n'),
      /the picture of a size 3 lock has 7 lines/,
    ],
  ];
  for (const [what, edit, message] of errors) {
    it(`reports ${what} with its line and column`, () => {
      const text = lockToText(standardLock(3));
      const edited = edit(text);
      assert.notEqual(edited, text, 'the edit applies');
      const r = parseLockText(edited);
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.error, message);
    });
  }
});

describe('lock text format (property)', () => {
  it('reads back what it writes for random locks and states, up to piece order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 11 }), (seed, size) => {
        const lock = randomLock(createRng(seed), { size, pieces: 5 * size, toolsInside: seed % 2 === 0 });
        const text = lockToText(lock);
        const back = parse(text);
        // The picture is a fixed point (arm notes in any order), and once read the lock round-trips.
        const arms = (t: string) => (t.match(/^arm .*$/gm) ?? []).sort();
        const rest = (t: string) => t.replace(/^arm .*\n/gm, '');
        assert.equal(rest(lockToText(back)), rest(text));
        assert.deepEqual(arms(lockToText(back)), arms(text));
        assert.deepEqual(parse(lockToText(back)), back);
        const cells = (l: typeof lock) =>
          l.pieces
            .map(
              (p) =>
                `${p.kind}:${JSON.stringify(
                  pieceCells(p)
                    .map((c) => [c.x, c.y])
                    .sort(),
                )}`,
            )
            .sort();
        assert.deepEqual(cells(back), cells(lock));
        assert.equal(back.springs.length, lock.springs.length);
      }),
      { numRuns: 100 },
    );
  });
});
