/**
 * The mail-in part of the store, on both backends (PostgreSQL with TEST_DATABASE_URL): an address
 * finds the accounts that confirmed it, whatever its case, and a refusal is written to an address
 * once a window, even when several are asked for at the same moment.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { NewMail, Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

const HOUR = 3_600_000;

const mail = (id: string, to: string, user: string | null = null): NewMail => ({
  user,
  to,
  kind: 'test',
  messageId: `<${id}@example.org>`,
  subject: id,
  body: 'hello',
  headers: {},
  at: 1,
});

onEachBackend('mail-in store', (_backend, opened) => {
  let store: Store;
  before(async () => {
    store = opened.store();
    for (const user of ['ann', 'ann2', 'bob']) {
      await store.createUser({ id: user, passHash: 'h', salt: 's', createdAt: 1 });
      const address = user === 'bob' ? 'Bob@example.org' : 'Ann.Smith@example.org';
      await store.requestAddress(user, address, 'code', mail(`v-${user}`, address, user));
      assert.equal(await store.verifyAddress(user, 'code', 2, HOUR, 5), 'verified');
    }
    await store.createUser({ id: 'cat', passHash: 'h', salt: 's', createdAt: 1 });
    await store.requestAddress('cat', 'cat@example.org', 'code', mail('v-cat', 'cat@example.org', 'cat'));
  });

  it('finds the accounts that confirmed an address, in any case, and none for one not confirmed', async () => {
    assert.deepEqual(await store.accountsAt('ann.smith@EXAMPLE.org'), ['ann', 'ann2']);
    assert.deepEqual(await store.accountsAt('bob@example.org'), ['bob']);
    assert.deepEqual(await store.accountsAt('cat@example.org'), []);
  });

  it('writes a refusal to an address once a window, racing or not', async () => {
    const asked = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        store.answerOnce('Eve@x.example', 10 * HOUR, HOUR, mail(`r${i}`, 'eve@x.example')),
      ),
    );
    assert.equal(asked.filter(Boolean).length, 1);
    assert.equal(
      await store.answerOnce('eve@x.example', 10.5 * HOUR, HOUR, mail('r5', 'eve@x.example')),
      false,
    );
    assert.equal(await store.answerOnce('eve@x.example', 11 * HOUR, HOUR, mail('r6', 'eve@x.example')), true);
    const written = await Promise.all(
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map((r) => store.mailByMessageId(`<${r}@example.org>`)),
    );
    assert.equal(written.filter(Boolean).length, 2);
  });
});
