/**
 * Time limits through the PBeM commands and HTTP: a challenge with a time control, its clock in
 * `show` and in the list, vacations, and a clear sentence for a time control that is not one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

describe('time limits through PBeM and HTTP', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const pbm = async (...args: string[]) =>
    (await server.call('POST', '/api/pbm', { args })).body.text as string;

  before(async () => {
    server = await testServer();
    await pbm('signup', 'ann', 'pass1234');
    await pbm('signup', 'bob', 'pass1234');
  });
  after(() => server.close());

  it('takes a time control with a challenge and shows the clock', async () => {
    const made = await pbm('atom4', 'challenge', '-time=3d+10d', 'ann', 'bob', 'pass1234');
    assert.match(made, /Challenge accepted/);
    const board = /game (\d+) created/.exec(made)?.[1] as string;
    const shown = await pbm('atom4', 'show', board);
    assert.match(shown, /Clock: 3 days per move, bank up to 10 days\./);
    assert.match(shown, / {2}ann \(Player 1 \(whites\)\): (2d 23h|3d) left\n/);
    assert.match(shown, /Time runs out at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    const listed = await pbm('atom4', 'games', 'ann');
    assert.match(listed, /\[3d\+10d, time runs out /);
  });

  it('refuses a time control that is not one with a sentence', async () => {
    const refused = await pbm('atom4', 'challenge', '-time=4d', 'ann', 'bob', 'pass1234');
    assert.match(refused, /days per move must be one of 1, 2, 3, 5, 7, 14, not 4/);
    const token = await server.account('cat');
    const http = await server.call(
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['cat', 'bob'], timeControl: 'soon' },
      token,
    );
    assert.equal(http.status, 400);
    assert.match(http.body.error ?? '', /a time control is days per move/);
  });

  it('starts a vacation and counts the days left, by PBeM and over HTTP', async () => {
    assert.match(await pbm('vacation', 'ann', 'pass1234'), /not on vacation\. 30 of 30 vacation days left/);
    assert.match(
      await pbm('vacation', 'ann', 'pass1234', '7'),
      /on vacation until .* 23 of 30 vacation days left/,
    );
    assert.match(await pbm('vacation', 'ann', 'pass1234', '3'), /on vacation already/);
    const token = await server.account('dan');
    const taken = await server.call('POST', '/api/vacation', { days: 40 }, token);
    assert.equal(taken.status, 400);
    const ok = await server.call('POST', '/api/vacation', { days: 2 }, token);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.daysLeft, 28);
    assert.equal((await server.call('GET', '/api/vacation', undefined, token)).body.daysLeft, 28);
  });
});
