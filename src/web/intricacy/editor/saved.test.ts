import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lockFileText, parseMoves, readDraft, readSavedLocks, solutionInFile, uploadsFor } from './saved.ts';

describe('locks saved from the editor', () => {
  it('reads saved locks leniently: entries without a lock text are dropped, a bad solution is none', () => {
    assert.deepEqual(
      readSavedLocks({
        good: { text: 'T', solution: 'hE', saved: '2026-01-01' },
        unsolved: { text: 'U', solution: 7 },
        broken: { solution: 'hE' },
        empty: null,
      }),
      {
        good: { text: 'T', solution: 'hE', saved: '2026-01-01' },
        unsolved: { text: 'U', solution: null, saved: '' },
      },
    );
    assert.deepEqual(readSavedLocks(undefined), {});
    assert.deepEqual(readSavedLocks('x'), {});
  });

  it('sends the account every lock kept only here, renaming one whose name the account uses for another', () => {
    const here = (text: string, solution: string | null = null, synced = false) => ({
      text,
      solution,
      saved: '',
      ...(synced ? { synced: true as const } : {}),
    });
    const account = [
      { name: 'same', text: 'S', solution: 'hE', savedAt: 1 },
      { name: 'clash', text: 'C', solution: null, savedAt: 1 },
      { name: 'clash (2)', text: 'C2', solution: null, savedAt: 1 },
    ];
    const uploads = uploadsFor(
      {
        same: here('S'), // the account has it, solution and all: nothing to send
        clash: here('mine'),
        fresh: here('F', 'hW'),
        kept: here('K', null, true), // a copy of the account's: never sent back
      },
      account,
    );
    assert.deepEqual(
      uploads.map((u) => [u.name, u.from, u.lock.text]),
      [
        ['clash (3)', 'clash', 'mine'],
        ['fresh', 'fresh', 'F'],
      ],
    );
  });

  it('reads a draft only when it has a name and a lock text', () => {
    assert.deepEqual(readDraft({ name: 'n', text: 't', solution: 'hE' }), {
      name: 'n',
      text: 't',
      solution: 'hE',
    });
    assert.deepEqual(readDraft({ name: 'n', text: 't' }), { name: 'n', text: 't', solution: null });
    assert.equal(readDraft({ name: 'n' }), null);
    assert.equal(readDraft(undefined), null);
  });

  it('writes the solution above the lock in a downloaded file and finds it again', () => {
    const moves = parseMoves('hE wNE .');
    assert.equal(moves?.length, 3);
    const file = lockFileText('LOCK', moves);
    assert.equal(file, '; solution: hE wNE .\nLOCK');
    assert.equal(solutionInFile(file), 'hE wNE .');
    assert.equal(lockFileText('LOCK', null), 'LOCK');
    assert.equal(solutionInFile('LOCK'), null);
    assert.equal(parseMoves('not moves'), null);
  });
});
