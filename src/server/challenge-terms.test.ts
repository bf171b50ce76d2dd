/** A challenge's terms in lists and PBeM replies, and its challenger cancelling it, on each backend. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../games/warpweft/index.ts';
import { TEST_BACKENDS, testServerOn } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServerOn>>;
type Listed = { id: number; status: string; terms?: { options: string[]; sides: string[] } };

for (const backend of TEST_BACKENDS)
  describe(`a challenge's terms and its cancel on ${backend.name}`, () => {
    let s: Server;
    let ann: string;
    let bob: string;
    const pbm = async (line: string) => {
      const answer = await s.call('POST', '/api/pbm', { args: line.split(' ') });
      return { ok: answer.body.ok as boolean, text: answer.body.text as string };
    };
    const challenge = async () => {
      const made = await s.call(
        'POST',
        '/api/games',
        { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 3 }, timeControl: '3d' },
        ann,
      );
      assert.equal(made.status, 201, made.body.error);
      return made.body.id as number;
    };

    before(async () => {
      s = await testServerOn(backend);
      ann = await s.account('ann');
      bob = await s.account('bob');
    });
    after(() => s.close());

    it('lists a challenge with its options and seats, and PBeM says its terms to each player', async () => {
      const id = await challenge();
      const listed = (await s.call('GET', '/api/games?user=bob&filter=challenges'))
        .body as unknown as Listed[];
      assert.deepEqual(listed.find((g) => g.id === id)?.terms, {
        options: ['rounds 3'],
        sides: ['Player 1 (whites)', 'Player 2 (blacks)'],
      });
      const bobs = (await pbm('Atom4 games bob')).text.replace(/\s+/g, ' ');
      assert.match(
        bobs,
        new RegExp(
          `${id} Atom-4 .* Challenge by ann: Atom-4, rounds 3 · 3 days per move · rated · you play Player 2 \\(blacks\\), ann moves first\\.`,
        ),
      );
      assert.doesNotMatch(bobs, /To cancel it/);
      const anns = (await pbm('Atom4 games ann')).text;
      assert.match(anns, new RegExp(`To cancel it: Atom4 cancel ${id} ann PASSWORD`));
      assert.match(
        (await pbm(`Atom4 show ${id}`)).text.replace(/\s+/g, ' '),
        /Challenge by ann: Atom-4, rounds 3 · 3 days/,
      );
      await s.call('POST', `/api/games/${id}/cancel`, undefined, ann);
    });

    it('lets the challenger cancel an unanswered challenge, void and unrated, and nobody else', async () => {
      const id = await challenge();
      const byBob = await s.call('POST', `/api/games/${id}/cancel`, undefined, bob);
      assert.equal(byBob.status, 403);
      assert.match(byBob.body.error ?? '', /not your challenge; decline or resign instead/);
      const cancelled = await s.call('POST', `/api/games/${id}/cancel`, undefined, ann);
      assert.equal(cancelled.status, 200, cancelled.body.error);
      assert.equal(cancelled.body.status, 'void');
      assert.deepEqual(cancelled.body.outcome, { kind: 'draw', reason: 'ann cancelled the challenge' });
      const again = await s.call('POST', `/api/games/${id}/cancel`, undefined, ann);
      assert.notEqual(again.status, 200);
      const standings = (await s.call('GET', '/api/ratings/atom4')).body as unknown as unknown[];
      assert.deepEqual(standings, [], 'no rating moved');
    });

    it('refuses to cancel a challenge once it is answered, and cancels by PBeM before', async () => {
      const made = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] }, ann);
      const id = made.body.id as number;
      for (const token of [ann, bob]) {
        const { view } = (await s.call('GET', `/api/games/${id}`)).body;
        const move = warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);
        assert.equal((await s.call('POST', `/api/games/${id}/moves`, { move }, token)).status, 200);
      }
      const late = await s.call('POST', `/api/games/${id}/cancel`, undefined, ann);
      assert.equal(late.status, 400);
      assert.match(late.body.error ?? '', /has been answered; resign instead/);
      const other = await challenge();
      const byMail = await pbm(`Atom4 cancel ${other} ann pass1234`);
      assert.ok(byMail.ok, byMail.text);
      assert.match(byMail.text, /Void: ann cancelled the challenge/);
    });
  });
