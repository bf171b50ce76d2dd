/** Refusal turns: connections held unread, in turn. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { refusalTurns } from './unread-holds.ts';

describe('refusal turns', () => {
  it('spreads one client’s held connections out to its rate, each at least its own delay', () => {
    const turns = refusalTurns(10, 30_000);
    const waits = Array.from({ length: 5 }, () => turns.wait('127.0.0.2', 1_000_000, 500));
    assert.deepEqual(waits, [500, 600, 700, 800, 900]);
  });

  it('keeps each client’s turns apart', () => {
    const turns = refusalTurns(10, 30_000);
    for (let i = 0; i < 20; i++) turns.wait('127.0.0.2', 1_000_000, 500);
    assert.equal(turns.wait('127.0.0.3', 1_000_000, 500), 500);
  });

  it('gives a client whose last turn has passed only its own delay', () => {
    const turns = refusalTurns(10, 30_000);
    assert.equal(turns.wait('127.0.0.2', 1_000_000, 500), 500);
    // Its one turn was at 1_000_500; a second later the next is free.
    assert.equal(turns.wait('127.0.0.2', 1_001_000, 700), 700);
  });

  it('never holds a connection longer than the cap', () => {
    const turns = refusalTurns(1, 5_000);
    const waits = Array.from({ length: 10 }, () => turns.wait('127.0.0.2', 1_000_000, 1000));
    assert.deepEqual(waits, [1000, 2000, 3000, 4000, 5000, 5000, 5000, 5000, 5000, 5000]);
  });
});
