/**
 * The daily board over HTTP and PBeM, as a client meets it: today's board started, a hint
 * counted, the solver's clearing accepted and shown on the boards and the profile; forged
 * results refused with a sentence; `daily` by PBeM shows the same board.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cellsOf, sigmar, solve } from '../../games/sigmar/index.ts';
import { testServer } from '../test-support.ts';
import { dayAt } from './days.ts';
import { dailyState } from './verify.ts';

function clearing(day: string): string[] {
  const state = dailyState(day);
  return solve(cellsOf(state)).solution.map((cells) =>
    sigmar.formatMove({ kind: 'remove', cells: [...cells] }, state),
  );
}

describe('the daily board over HTTP and PBeM', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  // The server's clock runs with the system's, and the test moves it on: the test races the board
  // of the day it runs.
  let ahead = 0;
  const today = dayAt(Date.now());
  const moves = clearing(today);
  before(async () => {
    server = await testServer({}, { now: () => Date.now() + ahead });
  });
  after(async () => server?.close());

  it('takes a clearing from a started board, once, and shows it on the boards and the profile', async () => {
    const ann = await server.account('ann');
    assert.equal(
      (await server.call('POST', '/api/daily/start', { date: today })).status,
      401,
      'logged in only',
    );
    const started = await server.call('POST', '/api/daily/start', { date: today }, ann);
    assert.equal(started.status, 200);
    assert.equal(started.body.hints, 0);
    const hint = await server.call('POST', '/api/daily/hint', { date: today }, ann);
    assert.equal(hint.body.hints, 1);
    const cut = await server.call(
      'POST',
      '/api/daily/result',
      { date: today, moves: moves.slice(0, 3) },
      ann,
    );
    assert.equal(cut.status, 400);
    assert.match(String(cut.body.error), /these moves do not clear the daily board of/);
    ahead += 60_000;
    const done = await server.call('POST', '/api/daily/result', { date: today, moves }, ann);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.deepEqual((done.body.result as { place: number }).place, 1);
    const twice = await server.call('POST', '/api/daily/result', { date: today, moves }, ann);
    assert.deepEqual([twice.status, twice.body.code], [409, 'conflict']);
    const board = await server.call('GET', '/api/daily/today');
    assert.deepEqual(
      (board.body.places as { user: string; hints: number }[]).map((p) => [p.user, p.hints]),
      [['ann', 1]],
    );
    const week = await server.call('GET', `/api/daily/week/${today}`);
    assert.equal((week.body.places as { cleared: number }[])[0]?.cleared, 1);
    const record = await server.call('GET', '/api/players/Ann/daily');
    assert.deepEqual(record.body, { user: 'ann', solved: 1, streak: 1, bestStreak: 1, clearedToday: true });
    const mine = await server.call('GET', '/api/daily/today/mine', undefined, ann);
    assert.equal((mine.body.session as { cleared: boolean }).cleared, true);
    const pbm = await server.call('POST', '/api/pbm', { args: ['daily'] });
    assert.match(
      String(pbm.body.text),
      new RegExp(`Daily Sigmar board of ${today} \\(UTC\\): 1 started, 1 cleared`),
    );
    assert.match(String(pbm.body.text), /1\. ann +1 hint/);
    const player = await server.call('POST', '/api/pbm', { args: ['daily', 'player', 'ann'] });
    assert.match(String(player.body.text), /ann: 1 daily boards cleared; streak 1/);
  });

  it('refuses forged results with a sentence and records nothing', async () => {
    const bob = await server.account('bob');
    const other = await server.call('POST', '/api/daily/start', { date: '2020-01-01' }, bob);
    assert.equal(other.status, 400);
    assert.match(String(other.body.error), /the daily board of 2020-01-01 is not raced now/);
    const unstarted = await server.call('POST', '/api/daily/result', { date: today, moves }, bob);
    assert.match(String(unstarted.body.error), /you have not started the daily board/);
    await server.call('POST', '/api/daily/start', { date: today }, bob);
    const illegal = await server.call(
      'POST',
      '/api/daily/result',
      { date: today, moves: ['A1+A2', ...moves] },
      bob,
    );
    assert.match(
      String(illegal.body.error),
      /the moves are not legal on the daily board of .*: move 1 \(A1\+A2\)/,
    );
    const badDate = await server.call('POST', '/api/daily/result', { date: 'yesterday', moves }, bob);
    assert.match(String(badDate.body.error), /date is a day written YYYY-MM-DD/);
    // As many moves as a game may have fit in the body: the moves are judged, not the body's size.
    const longest = await server.call(
      'POST',
      '/api/daily/result',
      { date: today, moves: Array(2000).fill('K10+K11') },
      bob,
    );
    assert.match(String(longest.body.error), /the moves are not legal on the daily board/);
    const tooMany = await server.call(
      'POST',
      '/api/daily/result',
      { date: today, moves: Array(2001).fill('undo') },
      bob,
    );
    assert.match(String(tooMany.body.error), /at most 2000 moves/);
    const board = await server.call('GET', '/api/daily/today');
    assert.deepEqual(board.body.cleared, 1);
    assert.deepEqual(board.body.started, 2);
    const pbm = await server.call('POST', '/api/pbm', { args: ['daily', '2026-02-30'] });
    assert.match(String(pbm.body.error), /is not a day written YYYY-MM-DD, or today/);
    assert.equal((await server.call('GET', '/api/players/nobody/daily')).status, 404);
    // A command's words are shown back: none of them holds a password.
    const week = await server.call('POST', '/api/pbm', { args: ['daily', 'week'] });
    assert.match(String(week.body.text), /^Daily Sigmar boards of the week \d{4}-\d\d-\d\d to /);
    const nobody = await server.call('POST', '/api/pbm', { args: ['daily', 'player', 'nobody'] });
    assert.equal(nobody.body.error, 'there is no player called nobody');
  });
});
