/**
 * Online Atom-4 matches of several rounds: the challenge (PBeM flag or HTTP option) sets the
 * rounds, the stored game keeps them, and a won round waits for its next opener's "next", after
 * which the new round still carries the finished one's board for the clients to show.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Atom4State } from '../games/atom4/index.ts';
import { testServer } from './test-support.ts';

/** Round 1 won by player 2 with its 16th move. */
const ROUND_WON_BY_PLAYER_2 = '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' ');

let s: Awaited<ReturnType<typeof testServer>>;
before(async () => {
  s = await testServer();
});
after(() => s.close());

const pbm = async (line: string) => {
  const answer = await s.call('POST', '/api/pbm', { args: line.split(' ') });
  return { ok: answer.body.ok as boolean, text: answer.body.text as string };
};

describe('Atom-4 online over several rounds', () => {
  before(async () => {
    for (const user of ['ann', 'bob']) assert.ok((await pbm(`signup ${user} pass1234`)).ok);
  });

  it('a PBeM challenge with -rounds=3 makes a three-round game, played round after round', async () => {
    const made = await pbm('Atom4 challenge -rounds=3 ann bob pass1234');
    assert.ok(made.ok, made.text);
    const id = Number(/game (\d+) created/.exec(made.text)?.[1]);
    const shown = await s.call('GET', `/api/games/${id}`);
    assert.deepEqual((shown.body.options as { rounds: number }).rounds, 3);
    for (const [k, move] of ROUND_WON_BY_PLAYER_2.entries()) {
      const who = k % 2 === 0 ? 'ann' : 'bob';
      const played = await pbm(`Atom4 move ${id} ${who} pass1234 ${move}`);
      assert.ok(played.ok, `${move}: ${played.text}`);
    }
    let game = await s.call('GET', `/api/games/${id}`);
    assert.equal(game.body.status, 'active', 'one round of three is not the match');
    assert.equal((game.body.view as Atom4State).roundResult, 2);
    // The board a PBeM player reads names the round's winner, not their seat.
    const board = await pbm(`Atom4 show ${id}`);
    assert.match(board.text, /\nbob WINS!!\n/);
    assert.doesNotMatch(board.text, /Player \d WINS/);
    // Player 2 opens round 2: ann cannot, bob can.
    assert.equal((await pbm(`Atom4 move ${id} ann pass1234 next`)).ok, false);
    const next = await pbm(`Atom4 move ${id} bob pass1234 next`);
    assert.ok(next.ok, next.text);
    game = await s.call('GET', `/api/games/${id}`);
    const round2 = game.body.view as Atom4State;
    assert.equal(round2.round, 2);
    assert.deepEqual(round2.scores, [0, 1]);
    assert.equal(round2.previousRound?.roundResult, 2, 'the finished round travels with the next');
  });

  it('an HTTP challenge takes the rounds as an option, and refuses a bad count in a sentence', async () => {
    const ann = await s.account('ann');
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 7 } },
      ann,
    );
    assert.ok(made.status < 300, `${made.status}`);
    const id = made.body.id as number;
    const shown = await s.call('GET', `/api/games/${id}`);
    assert.equal((shown.body.options as { rounds: number }).rounds, 7);
    assert.equal((shown.body.view as Atom4State).options.rounds, 7);
    const bad = await s.call(
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 0 } },
      ann,
    );
    assert.equal(bad.status, 400);
    assert.match(bad.body.error ?? '', /rounds must be a whole number from 1 to 99/);
  });
});
