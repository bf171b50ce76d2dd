/**
 * The director on a real server's store and authority, with its own clock: a Swiss round's
 * deadline forfeits the games still going and pairs the next round; the players with an address
 * get a mail of their new games each round and of the final standings, each written once however
 * often the director looks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mailSettingsFromEnv } from '../mail-out/index.ts';
import { TEST_BACKENDS, testServerOn } from '../test-support.ts';
import { createTournaments } from './index.ts';

const DAY = 86_400_000;
const PLAYERS = ['ann', 'bob', 'cat', 'dan'];

for (const backend of TEST_BACKENDS) {
  describe(`tournament director on ${backend.name}`, () => {
    let server: Awaited<ReturnType<typeof testServerOn>>;
    let clock = Date.now();
    before(async () => {
      server = await testServerOn(backend);
      for (const user of PLAYERS) await server.account(user);
      for (const user of ['ann', 'bob']) {
        const address = `${user}@example.org`;
        await server.store.requestAddress(user, address, 'code', {
          user,
          to: address,
          kind: 'verify',
          messageId: `<v-${user}@example.org>`,
          subject: 'code',
          body: 'code',
          headers: {},
          at: 1,
        });
        assert.equal(await server.store.verifyAddress(user, 'code', 2, DAY, 5), 'verified');
      }
    });
    after(() => server?.close());

    it('forfeits at the round deadline, pairs the next round and mails each player once', async () => {
      // The server's own director never sees these days pass: this one runs on a clock of the test's.
      const { director, service } = createTournaments({
        store: server.store,
        authority: server.service.authority,
        games: { warpweft: (await import('../../games/warpweft/index.ts')).warpweft },
        now: () => clock,
        mails: server.mail.tournaments,
      });
      const created = await service.create('ann', {
        gameType: 'warpweft',
        format: 'swiss',
        rounds: 2,
        maxPlayers: 4,
        roundDays: 3,
        timeControl: 'none',
      });
      assert.ok(created.ok, created.ok ? '' : created.error);
      const id = created.value.id;
      for (const user of PLAYERS) assert.ok((await service.join(user, id)).ok);
      let shown = await service.show(id);
      assert.ok(shown.ok);
      assert.equal(shown.value.state, 'running');
      assert.equal(shown.value.roundsPaired, 1);

      await director.tick();
      clock += 3 * DAY - 1000;
      await director.tick();
      shown = await service.show(id);
      assert.ok(shown.ok);
      assert.equal(shown.value.roundsPaired, 1, 'not before the deadline');

      clock += 2000;
      await Promise.all([director.tick(), director.tick()]);
      shown = await service.show(id);
      assert.ok(shown.ok);
      assert.equal(shown.value.roundsPaired, 2, 'the deadline ended round 1 and paired round 2');
      assert.equal(shown.value.boards.length, 4);
      const first = shown.value.boards.filter((b) => b.round === 1);
      assert.ok(first.every((b) => b.status === 'finished'));
      // Nobody moved: each first mover lost on time, and their opponent has the point (no void 0–0).
      assert.deepEqual(
        first.map((b) => [b.firstScore, b.voided]),
        first.map(() => [0, false]),
      );

      clock += 4 * DAY;
      await director.tick();
      shown = await service.show(id);
      assert.ok(shown.ok);
      assert.equal(shown.value.state, 'finished');

      const domain = mailSettingsFromEnv({}).from.split('@')[1];
      const mail = (key: string) => server.store.mailByMessageId(`<tessera.${key}@${domain}>`);
      for (const user of ['ann', 'bob']) {
        assert.match((await mail(`t${id}.r1.${user}`))?.body ?? '', /has paired round\s+1\./);
        assert.match((await mail(`t${id}.r2.${user}`))?.body ?? '', /has paired round\s+2\./);
        assert.match((await mail(`t${id}.end.${user}`))?.subject ?? '', /final standings/);
      }
      assert.equal(await mail(`t${id}.r1.cat`), undefined, 'no mail without an address');
      await director.stop();
    });

    it('starts on its date with whoever entered, and cancels one nobody else entered', async () => {
      const { director, service } = createTournaments({
        store: server.store,
        authority: server.service.authority,
        games: { warpweft: (await import('../../games/warpweft/index.ts')).warpweft },
        now: () => clock,
        mails: server.mail.tournaments,
      });
      const on = (startsAt: number) =>
        service.create('bob', { gameType: 'warpweft', format: 'round-robin', maxPlayers: 8, startsAt });
      const dated = await on(clock + DAY);
      const lonely = await on(clock + DAY);
      assert.ok(dated.ok && lonely.ok);
      for (const user of ['ann', 'bob', 'cat']) await service.join(user, dated.value.id);
      await service.join('ann', lonely.value.id);
      const past = await service.create('bob', {
        gameType: 'warpweft',
        format: 'swiss',
        maxPlayers: 4,
        startsAt: clock - 1,
      });
      assert.equal(past.ok ? '' : past.error, 'a start date is in the next 365 days');
      const named = await service.create('bob', {
        gameType: 'warpweft',
        format: 'swiss',
        maxPlayers: 4,
        name: 'a\nb',
      });
      assert.equal(named.ok ? '' : named.error, "a tournament's name is one line of text");
      await director.tick();
      assert.equal((await server.store.tournament(dated.value.id))?.state, 'open', 'not before its date');
      clock += DAY;
      await director.tick();
      const started = await server.store.tournament(dated.value.id);
      assert.equal(started?.state, 'running');
      assert.equal(started?.rounds, 3, 'three players: three rounds, each sitting one out');
      assert.equal(started?.games.length, 3);
      assert.equal((await server.store.tournament(lonely.value.id))?.state, 'cancelled');
      const domain = mailSettingsFromEnv({}).from.split('@')[1];
      const cancelled = await server.store.mailByMessageId(`<tessera.t${lonely.value.id}.end.ann@${domain}>`);
      assert.match(cancelled?.subject ?? '', /was cancelled/);
      await director.stop();
    });
  });
}
