import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lockFileText, parseMoves, readDraft, readSavedLocks, solutionInFile } from './saved.ts';

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
