/** Blocking another player, on each backend: no challenge either way, no chat, and the lists. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TEST_BACKENDS, testServerOn } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServerOn>>;

for (const backend of TEST_BACKENDS)
  describe(`blocking on ${backend.name}`, () => {
    let s: Server;
    let ann: string;
    let bob: string;
    let cid: string;
    const pbm = async (line: string) => {
      const answer = await s.call('POST', '/api/pbm', { args: line.split(' ') });
      return { ok: answer.body.ok as boolean, text: (answer.body.text ?? answer.body.error) as string };
    };
    const challenge = (by: string, token: string, other: string) =>
      s.call('POST', '/api/games', { gameType: 'warpweft', players: [by, other] }, token);

    before(async () => {
      s = await testServerOn(backend);
      ann = await s.account('ann');
      bob = await s.account('bob');
      cid = await s.account('cid');
    });
    after(() => s.close());

    it('refuses challenges both ways and chat between a blocked pair, saying no more than needed', async () => {
      const game = await challenge('ann', ann, 'bob');
      assert.equal(game.status, 201);
      const id = game.body.id as number;
      assert.equal((await s.call('POST', `/api/games/${id}/chat`, { text: 'hello' }, bob)).status, 201);

      const blocked = await s.call('POST', '/api/blocks', { user: 'ann' }, bob);
      assert.equal(blocked.status, 200, blocked.body.error);
      assert.deepEqual(blocked.body, { blocked: ['ann'] });

      const fromAnn = await challenge('ann', ann, 'bob');
      assert.equal(fromAnn.status, 403);
      assert.equal(fromAnn.body.error, 'you cannot challenge bob');
      const fromBob = await challenge('bob', bob, 'ann');
      assert.equal(fromBob.status, 403);
      assert.equal(fromBob.body.error, 'you cannot challenge ann');
      for (const token of [ann, bob]) {
        const chat = await s.call('POST', `/api/games/${id}/chat`, { text: 'still there?' }, token);
        assert.equal(chat.status, 403);
        assert.match(chat.body.error ?? '', /^you cannot chat with (ann|bob)$/);
      }
      assert.equal((await challenge('ann', ann, 'cid')).status, 201, 'others are not touched');
      assert.deepEqual((await s.call('GET', '/api/blocks', undefined, ann)).body, { blocked: [] });

      const unblocked = await s.call('DELETE', '/api/blocks/ann', undefined, bob);
      assert.deepEqual(unblocked.body, { blocked: [] });
      assert.equal((await challenge('ann', ann, 'bob')).status, 201);
    });

    it('refuses to block oneself, the computer, or nobody; and to unblock whom one has not blocked', async () => {
      const self = await s.call('POST', '/api/blocks', { user: 'cid' }, cid);
      assert.equal(self.body.error, 'you cannot block yourself');
      assert.equal(
        (await s.call('POST', '/api/blocks', { user: 'zed' }, cid)).body.error,
        'there is no user zed',
      );
      assert.equal((await s.call('POST', '/api/blocks', { user: 'computer' }, cid)).status, 400);
      assert.equal(
        (await s.call('DELETE', '/api/blocks/ann', undefined, cid)).body.error,
        'you have not blocked ann',
      );
      assert.equal((await s.call('GET', '/api/blocks')).status, 401);
    });

    it('blocks, lists and unblocks by PBeM, and a blocked PBeM challenge is refused', async () => {
      assert.equal((await pbm('block cid pass1234 Bob')).text, 'Blocked bob. You have blocked: bob.');
      assert.equal((await pbm('blocks cid pass1234')).text, 'You have blocked: bob.');
      // The password given is bob's as much as cid's: bob, the first named, challenges.
      const refused = await pbm('WarpAndWeft challenge bob cid pass1234');
      assert.equal(refused.ok, false);
      assert.match(refused.text, /you cannot challenge cid/);
      assert.equal((await pbm('unblock cid pass1234 bob')).text, 'Unblocked bob. You have blocked nobody.');
      assert.equal((await pbm('blocks cid wrongpass')).ok, false);
    });
  });
