/**
 * The mail part of the store, on both backends (PostgreSQL with TEST_DATABASE_URL): notices are
 * written by the commit that causes them, each is turned into mails once, each mail is taken by
 * one sender at a time, and each digest is taken once.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createAuthority } from '../engine/index.ts';
import { GAMES } from '../games/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import type { NewMail, Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

const DAY = 86_400_000;

const mail = (id: string, at: number, user: string | null = 'ann'): NewMail => ({
  user,
  to: 'ann@example.org',
  kind: 'test',
  messageId: `<${id}@example.org>`,
  subject: `mail ${id}`,
  body: 'hello',
  headers: { 'X-Test': id },
  at,
});

onEachBackend('mail store', (_backend, opened) => {
  let store: Store;
  let clock = 1_000_000;
  const now = () => clock++;
  const authority = () => createAuthority({ port: store, games: GAMES, now });
  const legal = (state: unknown) =>
    warpweft.formatMove(warpweft.legalMoves(state as never)[0] as never, state as never);
  /** An account with a verified address and the given choice. */
  const mailed = async (user: string, notify: 'move' | 'digest' | 'none', dueAt: number | null = null) => {
    await store.createUser({ id: user, passHash: 'h', salt: 's', createdAt: 1 });
    await store.requestAddress(user, `${user}@example.org`, 'code', mail(`verify-${user}`, 10, user));
    assert.equal(await store.verifyAddress(user, 'code', 20, DAY, 5), 'verified');
    await store.setNotify(user, notify, dueAt);
  };

  before(async () => {
    store = opened.store();
    await mailed('ann', 'move');
    await mailed('bob', 'move');
    await mailed('cat', 'none');
    await mailed('dan', 'digest', 5 * DAY);
    await store.createUser({ id: 'eve', passHash: 'h', salt: 's', createdAt: 1 });
  });

  /** Settle every notice (with no mails) and return what they were. */
  const drainNotices = async () => {
    const found = await store.notices(100);
    for (const n of found) assert.equal(await store.settleNotice(n.id, []), true);
    return found.map((n) => `${n.user} ${n.kind} ${n.moveNo}`);
  };

  it('leaves a notice in the commit of each challenge, move and end, for players who chose a mail per move', async () => {
    await drainNotices();
    const made = await authority().create({
      gameType: 'warpweft',
      players: ['ann', 'bob'],
      challenger: 'ann',
      options: { size: 2 },
      seed: 3,
    });
    assert.ok(made.ok);
    assert.deepEqual(
      await drainNotices(),
      ['bob challenge 0', 'ann move 0'],
      'the challenged player hears of it; the challenger, first to move, gets her move',
    );
    const game = made.value;
    const moved = await authority().move({ gameId: game.id, user: 'ann', move: legal(game.state) });
    assert.ok(moved.ok);
    assert.deepEqual(await drainNotices(), ['bob move 1'], 'the player now to move hears of it');
    const resigned = await authority().resign({ gameId: game.id, user: 'bob' });
    assert.ok(resigned.ok);
    assert.deepEqual((await drainNotices()).sort(), ['ann end 1', 'bob end 1'], 'both hear of the end');

    // Nobody else: a player with no mail, one with digests, one with no address.
    for (const other of ['cat', 'dan', 'eve']) {
      const made2 = await authority().create({
        gameType: 'warpweft',
        players: ['ann', other],
        challenger: 'ann',
        options: { size: 2 },
        seed: 3,
      });
      assert.ok(made2.ok);
      const m = await authority().move({
        gameId: made2.value.id,
        user: 'ann',
        move: legal(made2.value.state),
      });
      assert.ok(m.ok);
      assert.deepEqual(await drainNotices(), ['ann move 0'], `${other} gets no notice`);
    }
  });

  it('turns a notice into its mails once, and tells a user of a reminder only by their channel', async () => {
    assert.equal(await store.addNotice({ user: 'ann', kind: 'reminder', gameId: 1, moveNo: 2, at: 5 }), true);
    assert.equal(
      await store.addNotice({ user: 'cat', kind: 'reminder', gameId: 1, moveNo: 2, at: 5 }),
      false,
    );
    const [notice] = await store.notices(10);
    assert.ok(notice);
    const settled = await Promise.all([
      store.settleNotice(notice.id, [mail('n1', 100)]),
      store.settleNotice(notice.id, [mail('n1-again', 100)]),
    ]);
    assert.deepEqual([...settled].sort(), [false, true], 'one of two settlers wins');
    // Either may win the race: the winner's mail is written, the other's not.
    const [won, lost] = settled[0] ? ['n1', 'n1-again'] : ['n1-again', 'n1'];
    assert.ok(await store.mailByMessageId(`<${won}@example.org>`));
    assert.equal(await store.mailByMessageId(`<${lost}@example.org>`), undefined);
    // The same Message-ID is never written twice.
    await store.enqueueMail(mail(won, 100));
    const sent = await store.claimMails(1_000_000_000, 1_000_000_100, 100);
    assert.equal(sent.filter((m) => m.messageId === `<${won}@example.org>`).length, 1);
    for (const m of sent) await store.mailSent(m.id, 1_000_000_001);
  });

  it('gives each due mail to one sender at a time, again after its hold, and records failures', async () => {
    const t = 2_000_000_000;
    for (let i = 0; i < 30; i++) await store.enqueueMail(mail(`c${i}`, t));
    const [a, b, c] = await Promise.all([
      store.claimMails(t, t + 1000, 12),
      store.claimMails(t, t + 1000, 12),
      store.claimMails(t, t + 1000, 12),
    ]);
    const ids = [...(a ?? []), ...(b ?? []), ...(c ?? [])].map((m) => m.messageId);
    assert.equal(ids.length, 30, 'every due mail was taken');
    assert.equal(new Set(ids).size, 30, 'and none by two senders');
    assert.deepEqual(await store.claimMails(t + 999, t + 2000, 100), [], 'held mails are not taken again');
    const again = await store.claimMails(t + 1000, t + 2000, 100);
    assert.equal(again.length, 30, 'a sender that died lets them go when the hold ends');
    assert.ok(again.every((m) => m.attempts === 2));
    const [first, second, ...rest] = again;
    assert.ok(first && second);
    await store.mailRetry(first.id, t + 5000, 'connection refused');
    await store.mailFailed(second.id, '550 no such user');
    for (const m of rest) await store.mailSent(m.id, t + 1);
    assert.deepEqual(await store.claimMails(t + 4999, t + 9000, 100), []);
    const retried = await store.claimMails(t + 5000, t + 9000, 100);
    assert.deepEqual(
      retried.map((m) => [m.messageId, m.lastError]),
      [[first.messageId, 'connection refused']],
    );
    await store.mailSent(first.id, t + 5001);
    const failed = await store.failedMails('ann', t, 10);
    assert.deepEqual(
      failed.map((m) => [m.subject, m.lastError]),
      [[second.subject, '550 no such user']],
    );
  });

  it('verifies an address only with its code, in time, within its tries', async () => {
    await store.requestAddress('eve', 'eve@example.org', 'right', mail('v-eve', 1000, 'eve'));
    assert.equal(await store.verifyAddress('eve', 'wrong', 1001, DAY, 3), 'wrong');
    assert.equal((await store.mailAccount('eve'))?.address, null, 'no address before the code');
    assert.equal(await store.verifyAddress('eve', 'right', 1000 + DAY + 1, DAY, 3), 'expired');
    assert.equal(await store.verifyAddress('eve', 'right', 1002, DAY, 3), 'verified');
    assert.equal((await store.mailAccount('eve'))?.address, 'eve@example.org');
    assert.equal(await store.verifyAddress('eve', 'right', 1003, DAY, 3), 'none', 'a code is used once');
    await store.requestAddress('eve', 'new@example.org', 'next', mail('v-eve2', 2000, 'eve'));
    for (let i = 0; i < 3; i++)
      assert.equal(await store.verifyAddress('eve', 'guess', 2001, DAY, 3), 'wrong');
    assert.equal(await store.verifyAddress('eve', 'next', 2002, DAY, 3), 'none', 'three wrong codes void it');
    const account = await store.mailAccount('eve');
    assert.equal(account?.address, 'eve@example.org', 'the old address stays until a new one is verified');
    assert.equal(account?.pendingAddress, 'new@example.org');
  });

  it('takes each due digest once and schedules the next', async () => {
    assert.deepEqual(await store.dueDigests(5 * DAY - 1, 10), []);
    const [due] = await store.dueDigests(5 * DAY, 10);
    assert.equal(due?.user, 'dan');
    assert.equal(due?.address, 'dan@example.org');
    const taken = await Promise.all([
      store.takeDigest('dan', 5 * DAY, 6 * DAY, 5 * DAY, mail('d1', 5 * DAY, 'dan')),
      store.takeDigest('dan', 5 * DAY, 6 * DAY, 5 * DAY, mail('d2', 5 * DAY, 'dan')),
    ]);
    assert.deepEqual(taken.sort(), [false, true]);
    assert.deepEqual(await store.dueDigests(6 * DAY - 1, 10), []);
    assert.equal((await store.dueDigests(6 * DAY, 10))[0]?.since, 5 * DAY);
  });
});
