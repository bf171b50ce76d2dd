import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { readStored, writeStored } from './storage.ts';

/** A stand-in for the browser's localStorage; `refuse` makes it throw as a full quota does. */
function fakeStorage(refuse = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (refuse) throw new Error('QuotaExceededError');
      items.set(k, v);
    },
  };
}
const g = globalThis as { window?: unknown };

describe('the browser storage', () => {
  beforeEach(() => {
    g.window = { localStorage: fakeStorage() };
  });
  afterEach(() => {
    delete g.window;
  });

  it('keeps a value as JSON under its key and reads it back', () => {
    assert.ok(writeStored('k', { a: [1, 'x'] }));
    assert.deepEqual(readStored('k'), { a: [1, 'x'] });
    assert.equal(readStored('other'), undefined);
  });

  it('reads nothing from an unreadable value or a browser without storage', () => {
    (g.window as { localStorage: ReturnType<typeof fakeStorage> }).localStorage.items.set('k', '{broken');
    assert.equal(readStored('k'), undefined);
    delete g.window;
    assert.equal(readStored('k'), undefined);
  });

  it('says so when the browser refuses to store', () => {
    g.window = { localStorage: fakeStorage(true) };
    assert.equal(writeStored('k', 1), false);
    assert.equal(readStored('k'), undefined);
  });
});
