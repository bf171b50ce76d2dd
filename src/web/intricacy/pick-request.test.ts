import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lockRequest } from './pick-request.ts';

const NAMES = ['tutorial/01-winning', 'tutorial/05-hook', 'initiation/AXE', 'a/same', 'b/same'];

describe('?lock= on the Pick a lock page', () => {
  it('names a bundled lock by its full name or by the part after its folder, in any case', () => {
    assert.deepEqual(lockRequest('tutorial/05-hook', NAMES), { kind: 'bundled', name: 'tutorial/05-hook' });
    assert.deepEqual(lockRequest('05-hook', NAMES), { kind: 'bundled', name: 'tutorial/05-hook' });
    assert.deepEqual(lockRequest(' axe ', NAMES), { kind: 'bundled', name: 'initiation/AXE' });
  });

  it('takes a number for a lock of the metagame', () => {
    assert.deepEqual(lockRequest('17', NAMES), { kind: 'server', id: 17 });
  });

  it('says what is wrong with a name that finds no lock, or more than one', () => {
    const none = lockRequest('tutorial/99-nothing', NAMES);
    assert.equal(none.kind, 'unknown');
    assert.match(
      none.kind === 'unknown' ? none.error : '',
      /^There is no lock named "tutorial\/99-nothing"\./,
    );
    const two = lockRequest('same', NAMES);
    assert.match(two.kind === 'unknown' ? two.error : '', /names more than one lock \(a\/same, b\/same\)/);
    const long = lockRequest('x'.repeat(500), NAMES);
    assert.ok(long.kind === 'unknown' && long.error.length < 200, 'a long name is cut short');
  });
});
