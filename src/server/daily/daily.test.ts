/**
 * The daily board's results are what a replay proves: the solver's clearing moves are accepted
 * and timed by the server's clock from the player's start; moves cut short, an illegal move,
 * another day's board, a board not started and a second result are refused with a sentence.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MAX_DAILY_MOVES } from '../../api/index.ts';
import { cellsOf, MAX_MOVES, sigmar, solve } from '../../games/sigmar/index.ts';
import { openStore, type Store } from '../../store/index.ts';
import { createDaily } from './daily.ts';
import { streaks, weekOf } from './days.ts';
import { dailyState, verifyClear } from './verify.ts';

const DAY = '2026-11-24';
const NOON = Date.parse(`${DAY}T12:00:00Z`);

/** The solver's clearing of a day's board, in the game's notation. */
function clearing(day: string): string[] {
  const state = dailyState(day);
  const solved = solve(cellsOf(state));
  assert.equal(solved.status, 'solvable');
  return solved.solution.map((cells) => sigmar.formatMove({ kind: 'remove', cells: [...cells] }, state));
}

describe('a daily result proved by replay', () => {
  const moves = clearing(DAY);

  it('accepts the moves that clear the day’s board, counting the removals', () => {
    assert.deepEqual(verifyClear(DAY, moves), { ok: true, value: moves.length });
    // Undo and try again on the way are moves like any other.
    assert.deepEqual(
      verifyClear(DAY, [...moves.slice(0, 2), 'retry', 'undo', 'undo', 'undo', ...moves]).ok,
      true,
    );
  });

  it('refuses moves that stop short, an illegal move, and another day’s board, saying why', () => {
    const short = verifyClear(DAY, moves.slice(0, -1));
    assert.equal(short.ok, false);
    assert.match(
      !short.ok ? short.error : '',
      /^these moves do not clear the daily board of 2026-11-24: \d+ marbles are left$/,
    );
    // A removal played twice: its marbles are gone the second time.
    const twice = verifyClear(DAY, [moves[0] as string, moves[0] as string]);
    assert.match(!twice.ok ? twice.error : '', /not legal on the daily board of 2026-11-24: move 2/);
    const gibberish = verifyClear(DAY, ['Z99 Q1']);
    assert.match(
      !gibberish.ok ? gibberish.error : '',
      /not legal on the daily board of 2026-11-24: move 1 \(Z99 Q1\)/,
    );
    const other = verifyClear('2026-11-25', moves);
    assert.equal(other.ok, false, 'another day’s board is another deal');
    assert.deepEqual(verifyClear(DAY, []).ok, false);
  });

  it('allows as many moves as the rules do', () => {
    assert.equal(MAX_DAILY_MOVES, MAX_MOVES);
  });
});

describe('the daily race on the server’s clock', () => {
  let store: Store;
  let clock = NOON;
  const dir = mkdtempSync(join(tmpdir(), 'tessera-daily-race-'));
  const daily = () => createDaily({ store, now: () => clock });
  const moves = clearing(DAY);
  before(async () => {
    store = await openStore({ dataDir: dir });
  });
  after(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('times a clear from the start the server recorded, and the first result counts', async () => {
    clock = NOON;
    assert.ok((await daily().start('ann', DAY)).ok);
    clock += 30_000;
    assert.ok((await daily().start('ann', DAY)).ok, 'a second start (a reload) keeps the first');
    const hinted = await daily().hint('ann', DAY);
    assert.equal(hinted.ok && hinted.value.hints, 1);
    clock += 95_000;
    const accepted = await daily().submit('ann', DAY, moves);
    assert.ok(accepted.ok);
    assert.deepEqual(accepted.value.result, { place: 1, user: 'ann', hints: 1, timeMs: 125_000 });
    assert.equal(accepted.value.board.cleared, 1);
    const again = await daily().submit('ann', DAY, moves);
    assert.deepEqual(again, {
      ok: false,
      code: 'conflict',
      error: 'your result on the daily board of 2026-11-24 is recorded already: the first one counts',
    });
    const late = await daily().hint('ann', DAY);
    assert.equal(late.ok, false, 'no hint once cleared');
  });

  it('refuses a board not started, another day, and moves that do not clear, recording nothing', async () => {
    clock = NOON + 1000;
    const unstarted = await daily().submit('bob', DAY, moves);
    assert.equal(unstarted.ok, false);
    assert.match(!unstarted.ok ? unstarted.error : '', /you have not started the daily board of 2026-11-24/);
    const yesterday = await daily().start('bob', '2026-11-23');
    assert.equal(yesterday.ok, false);
    assert.match(!yesterday.ok ? yesterday.error : '', /only today's board \(2026-11-24, UTC\)/);
    assert.equal((await daily().start('bob', '2026-13-01')).ok, false);
    assert.ok((await daily().start('bob', DAY)).ok);
    // A program that solved the board elsewhere sends it at once: faster than a hand can play it.
    clock += 2000;
    const instant = await daily().submit('bob', DAY, moves);
    assert.match(
      !instant.ok ? instant.error : '',
      /^\d+ removals in 2\.0 s is faster than a hand plays them \(at least \d+(\.\d)? s\)$/,
    );
    const short = await daily().submit('bob', DAY, moves.slice(0, 5));
    assert.equal(short.ok, false);
    assert.equal((await store.dailyEntry('bob', DAY))?.finishedAt, null, 'still open after a refusal');
    // A day's board started before midnight is still cleared after it.
    clock = Date.parse('2026-11-25T00:10:00Z');
    const done = await daily().submit('bob', DAY, moves);
    assert.ok(done.ok);
    assert.deepEqual(
      done.value.result,
      { place: 1, user: 'bob', hints: 0, timeMs: 43_799_000 },
      'no hints before a hint, however long',
    );
    assert.deepEqual(
      done.value.board.places.map((p) => p.user),
      ['bob', 'ann'],
    );
  });

  it('says a player’s days cleared and streak', async () => {
    clock = Date.parse('2026-11-25T08:00:00Z');
    const record = await daily().record('bob');
    assert.deepEqual(record, { user: 'bob', solved: 1, streak: 1, bestStreak: 1, clearedToday: false });
  });
});

describe('days of the daily board', () => {
  it('counts a streak up to today, or yesterday while today is open', () => {
    const days = ['2026-11-20', '2026-11-22', '2026-11-23', '2026-11-24'];
    assert.deepEqual(streaks(days, '2026-11-24'), { current: 3, best: 3 });
    assert.deepEqual(streaks(days, '2026-11-25'), { current: 3, best: 3 });
    assert.deepEqual(streaks(days, '2026-11-26'), { current: 0, best: 3 });
    assert.deepEqual(streaks([], '2026-11-26'), { current: 0, best: 0 });
  });

  it('puts a day in its week, Monday to Sunday, across a month', () => {
    assert.deepEqual(weekOf('2026-11-29'), { first: '2026-11-23', last: '2026-11-29' });
    assert.deepEqual(weekOf('2026-12-02'), { first: '2026-11-30', last: '2026-12-06' });
  });
});
