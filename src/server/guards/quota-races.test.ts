/**
 * Quotas under parallel requests, on SQLite and (when TEST_DATABASE_URL names one) PostgreSQL:
 * each quota's check and insert are one transaction that parallel requests of the same account
 * cannot interleave, so a burst of requests sent at once never ends past the limit.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { MAX_SAVED_LOCKS } from '../../api/index.ts';
import { newToken } from '../service/auth.ts';
import { MAX_CHALLENGES_PER_OPPONENT, MAX_OPEN_CHALLENGES } from '../service/service.ts';
import { TEST_BACKENDS, testServerOn } from '../test-support.ts';

const LOCK = readFileSync(new URL('../../../locks/tutorial/01-winning.lock', import.meta.url), 'utf8');

for (const backend of TEST_BACKENDS) {
  describe(`quotas under parallel requests on ${backend.name}`, () => {
    let s: Awaited<ReturnType<typeof testServerOn>>;
    before(async () => {
      s = await testServerOn(backend);
    });
    after(() => s.close());

    /** An account with a session, made in the store directly (a real signup spends scrypt time). */
    const quickAccount = async (user: string): Promise<string> => {
      await s.store.createUser({ id: user, passHash: '!', salt: '!', createdAt: 1 });
      const { token, hash } = newToken();
      await s.store.createSession(hash, user, Date.now() + 3_600_000);
      return token;
    };
    const challenge = (token: string, players: string[]) =>
      s.call('POST', '/api/games', { gameType: 'warpweft', players, options: { size: 2 } }, token);
    const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

    it('leaves one opponent no more waiting challenges than the limit, however many are sent at once', async () => {
      const eager = await quickAccount('eager');
      await quickAccount('target');
      const sent = await Promise.all(Array.from({ length: 35 }, () => challenge(eager, ['eager', 'target'])));
      assert.equal(sent.filter((a) => a.status === 201).length, MAX_CHALLENGES_PER_OPPONENT);
      assert.ok(sent.every((a) => a.status === 201 || a.status === 429));
      const waiting = (await s.call('GET', '/api/games?user=target&filter=challenges')).body as unknown as [];
      assert.equal(waiting.length, MAX_CHALLENGES_PER_OPPONENT);
    });

    it('keeps a challenger within their waiting challenges in all when sent at once', async () => {
      const many = await quickAccount('many');
      const targets = Array.from({ length: MAX_OPEN_CHALLENGES + 10 }, (_, i) => `pal${i}`);
      for (const t of targets) await quickAccount(t);
      const sent = await Promise.all(targets.map((t) => challenge(many, ['many', t])));
      assert.deepEqual(statuses(sent), [...Array(MAX_OPEN_CHALLENGES).fill(201), ...Array(10).fill(429)]);
    });

    it('keeps at most its limit of saved locks when new ones are saved at once', async () => {
      const saver = await quickAccount('saver');
      for (let i = 0; i < MAX_SAVED_LOCKS - 1; i++)
        await s.store.saveLock(
          'saver',
          { name: `kept${i}`, text: LOCK, solution: null, savedAt: 1 },
          MAX_SAVED_LOCKS,
        );
      const sent = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          s.call('PUT', `/api/intricacy/saved/new${i}`, { text: LOCK, solution: null }, saver),
        ),
      );
      assert.deepEqual(statuses(sent), [200, ...Array(29).fill(409)]);
      const kept = (await s.call('GET', '/api/intricacy/saved', undefined, saver)).body.locks as unknown[];
      assert.equal(kept.length, MAX_SAVED_LOCKS);
    });
  });
}
