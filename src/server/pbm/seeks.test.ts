/**
 * Open challenges by PBeM: posting with terms, the list, taking (the game begins, the terms
 * kept), cancelling, quick pairing between two strangers, and no password repeated in an answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testServer } from '../test-support.ts';

describe('open challenges through PBeM', () => {
  let server: Awaited<ReturnType<typeof testServer>>;
  const pbm = async (...args: string[]) =>
    (await server.call('POST', '/api/pbm', { args })).body.text as string;

  before(async () => {
    server = await testServer();
    for (const user of ['ann', 'bob', 'cat', 'dan']) await pbm('signup', user, 'pass1234');
  });
  after(() => server.close());

  it('posts an open challenge with its terms, lists it to others, and starts its game when taken', async () => {
    const posted = await pbm(
      'warpweft',
      'seek',
      '-size=2',
      '-time=5d',
      '-unrated',
      '-first',
      '-range=1000-2000',
      'ann',
      'pass1234',
    );
    assert.match(
      posted,
      /Open challenge (\d+) posted: Warp and Weft \(size 2\), clock 5d, unrated, ann moves first, for ratings 1000 to 2000\./,
    );
    assert.doesNotMatch(posted, /pass1234/);
    const id = /Open challenge (\d+)/.exec(posted)?.[1] as string;
    assert.match(await pbm('seeks', 'bob'), new RegExp(`${id}  ann \\(1500\\?\\)  Warp and Weft`));
    assert.match(await pbm('warpweft', 'seeks', 'ann'), /No open Warp and Weft challenges/);
    const taken = await pbm('take', id, 'bob', 'pass1234');
    assert.match(taken, /Paired with ann: Warp and Weft game (\d+) begins\./);
    const board = /game (\d+) begins/.exec(taken)?.[1] as string;
    const shown = await pbm('warpweft', 'show', board);
    assert.match(shown, /Clock: 5 days per move/);
    assert.match(
      await pbm('take', id, 'cat', 'pass1234'),
      /no open challenge \d+: it was taken, cancelled or has expired/,
    );
  });

  it("cancels only one's own, and says what is wrong with a seek", async () => {
    const posted = await pbm('atom4', 'seek', 'cat', 'pass1234');
    const id = /Open challenge (\d+)/.exec(posted)?.[1] as string;
    assert.match(await pbm('unseek', id, 'dan', 'pass1234'), /you have no open challenge/);
    assert.equal(await pbm('unseek', id, 'cat', 'pass1234'), `Open challenge ${id} cancelled.`);
    assert.match(await pbm('atom4', 'seek', '-range=high', 'cat', 'pass1234'), /is not a rating range/);
    assert.match(await pbm('sigmar', 'seek', 'cat', 'pass1234'), /open challenges are for two players/);
    assert.match(await pbm('take', 'x', 'cat', 'pass1234'), /usage: take id userid password/);
  });

  it('pairs two strangers with play', async () => {
    const first = await pbm('atom4', 'play', '-time=7d', 'dan', 'pass1234');
    assert.match(
      first,
      /No one was waiting: open challenge \d+ posted \(Atom-4.*clock 7d, rated, seats drawn\)/,
    );
    const second = await pbm('atom4', 'play', '-time=7d', 'bob', 'pass1234');
    assert.match(second, /Paired with dan: Atom-4 game \d+ begins\./);
    assert.match(await pbm('help'), /take id userid password/);
    assert.match(await pbm('atom4', 'help'), /Atom4 play \[-time=3d\] userid password/);
  });
});
