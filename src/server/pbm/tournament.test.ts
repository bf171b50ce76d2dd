/**
 * Tournaments by PBeM: created, entered until full (which starts it), listed and shown with the
 * round's games; leaving after the start and bad words refused with a sentence; no password
 * repeated in a reply.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

describe('tournaments by PBeM', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const pbm = async (line: string) => {
    const answer = await server.call('POST', '/api/pbm', { args: line.split(' ') });
    return answer.body.text as string;
  };
  before(async () => {
    server = await testServer();
    for (const user of ['ann', 'bob', 'cat', 'dan']) await pbm(`signup ${user} secret${user}`);
  });
  after(() => server.close());

  it('creates a round robin, fills it, starts it and shows its games', async () => {
    const made = await pbm('tournament create ann secretann atom4 round-robin 3 -time=7d -name=Spring_cup');
    assert.match(made, /Created tournament (\d+)\./);
    assert.doesNotMatch(made, /secretann/);
    const id = /Created tournament (\d+)/.exec(made)?.[1] as string;
    assert.match(
      await pbm('tournament list open'),
      new RegExp(`#${id} Spring cup: Atom-4, round robin, 0/3 players, 7d`),
    );
    assert.match(await pbm(`tournament join ${id} ann secretann`), /You have entered tournament/);
    assert.match(await pbm(`tournament join ${id} ann secretann`), /you have entered tournament \d+ already/);
    assert.match(await pbm(`tournament join ${id} bob secretbob`), /Entrants: ann, bob/);
    const full = await pbm(`tournament join ${id} cat secretcat`);
    assert.match(full, /round 3 of 3/);
    assert.match(full, /Round 1:\n {2}game \d+: \w+ - \w+ {2}playing/);
    assert.match(await pbm(`tournament join ${id} dan secretdan`), /has started; entries are closed/);
    assert.match(await pbm(`tournament leave ${id} cat secretcat`), /has started; entries are closed/);
    const shown = await pbm(`tournament show ${id}`);
    assert.match(shown, /Standings \(points, Sonneborn-Berger, Buchholz\):\n {3}1\. ann/);
    assert.equal((shown.match(/game \d+:/g) ?? []).length, 3, 'three players meet once each');
  });

  it('refuses what is not a tournament command with a sentence', async () => {
    assert.match(
      await pbm('tournament create ann secretann sigmar swiss 4'),
      /Sigmar's Garden is not a game for two/,
    );
    assert.match(
      await pbm('tournament create ann secretann atom4 ladder 4'),
      /the format is round-robin or swiss/,
    );
    assert.match(
      await pbm('tournament create ann secretann atom4 swiss 4 -rounds=5'),
      /a Swiss needs more players than rounds/,
    );
    assert.match(await pbm('tournament create ann secretann atom4 swiss 4 -start=tomorrow'), /is not a date/);
    assert.match(await pbm('tournament create ann wrongpass atom4 swiss 4'), /password/i);
    assert.match(await pbm('tournament show 999'), /there is no tournament 999/);
    assert.match(await pbm('tournament join x'), /usage:/);
    assert.match(await pbm('help'), /tournament join id userid password/);
  });
});
