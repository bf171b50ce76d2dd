/**
 * The mailer over a real store and service, with a clock and a relay of the test's own: the mails
 * a player who chose them gets (the opponent's move, the board, the command that answers), the
 * daily digest, retries with back-off and failures shown to the account. Nothing here waits.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { type OutboxMail, openStore, type Store } from '../../store/index.ts';
import { createService, type Service } from '../service.ts';
import { createMail, DAY_MS, MAX_ATTEMPTS, type Mail, retryDelay, type SendOutcome } from './index.ts';
import { isUnsubscribeToken, unsubscribeToken } from './tokens.ts';

describe('mailer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-mailer-'));
  let store: Store;
  let service: Service;
  let mail: Mail;
  let clock = 1_700_000_000_000;
  const now = () => clock;
  /** What the relay does with the next mail; it records every mail it accepts. */
  let answer: (m: OutboxMail) => SendOutcome = () => ({ ok: true });
  const delivered: OutboxMail[] = [];
  const take = () => delivered.splice(0);

  before(async () => {
    store = await openStore({ dataDir: dir });
    service = createService({ store, games: GAMES, botGames: new Set(), now });
    mail = await createMail({
      store,
      service,
      now,
      // Each round is run by the test, so what it counts is what the step before it caused.
      nudgeMs: null,
      settings: {
        from: 'tessera@games.example',
        publicUrl: 'https://games.example',
        fileDir: join(dir, 'mail'),
        holdMs: 60_000,
      },
      transport: {
        description: 'test relay',
        send: async (m) => {
          const outcome = answer(m);
          if (outcome.ok) delivered.push(m);
          return outcome;
        },
        close: () => {},
      },
    });
    for (const user of ['ann', 'bob']) {
      assert.ok((await service.signup(user, 'pass1234', null)).ok);
    }
  });
  after(async () => {
    await mail.mailer.close();
    await service.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Give `user` a verified address, with the code from the mail they were sent. */
  const verified = async (user: string) => {
    const asked = await mail.account.setAddress(user, ` ${user}@Example.ORG `);
    assert.deepEqual(asked, { ok: true, value: { pendingAddress: `${user}@example.org` } });
    await mail.mailer.runOnce();
    const [sent] = take();
    assert.equal(sent?.to, `${user}@example.org`);
    assert.equal(sent?.kind, 'verify');
    const code = /code (\d{6})/.exec(sent?.subject ?? '')?.[1] as string;
    assert.match(sent?.body ?? '', new RegExp(`/api/mail/verify\\?user=${user}&code=${code}`));
    assert.deepEqual(await mail.account.verify(user, code), {
      ok: true,
      value: { address: `${user}@example.org` },
    });
  };

  it('mails a code to a new address, refuses a bad address and a second code within a minute', async () => {
    const bad = await mail.account.setAddress('ann', 'ann at example.org');
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.error : '', /is not a mail address: write it as name@example.org/);
    await verified('ann');
    const again = await mail.account.setAddress('ann', 'other@example.org');
    assert.equal(again.ok, false);
    assert.match(!again.ok ? again.error : '', /wait a minute/);
    assert.equal((await mail.account.status('ann')).address, 'ann@example.org');
    clock += 61_000;
    await verified('bob');
  });

  it('mails the player to move: the opponent’s move, the board, the command that answers, an unsubscribe link', async () => {
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    const id = made.value.id;
    await mail.mailer.runOnce();
    const [challenge] = take();
    assert.equal(challenge?.to, 'bob@example.org');
    assert.equal(challenge?.subject, `[Tessera] WarpAndWeft ${id}: ann challenges you`);
    assert.match(challenge?.body ?? '', new RegExp(`WarpAndWeft decline ${id} bob PASSWORD`));

    const first = warpweft.formatMove(
      warpweft.legalMoves(made.value.state as never)[0] as never,
      made.value.state as never,
    );
    assert.ok((await service.move('ann', id, first)).ok);
    assert.equal((await mail.mailer.runOnce()).sent, 1);
    const [move] = take();
    assert.equal(move?.to, 'bob@example.org');
    assert.equal(move?.subject, `[Tessera] WarpAndWeft ${id} move 2`);
    assert.equal(move?.headers['X-Tessera-Game'], `${id}/2`);
    assert.equal(move?.headers['Auto-Submitted'], 'auto-generated');
    assert.equal(move?.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const body = move?.body ?? '';
    assert.match(body, new RegExp(`ann played ${first} as move 1`));
    assert.match(body, /After move 1:/, 'the board as text');
    assert.match(body, new RegExp(`WarpAndWeft move ${id} bob PASSWORD MOVE#2`));
    assert.match(body, /Reply to this mail with your move\nalone as the first line/);
    assert.match(body, new RegExp(`https://games.example/game/${id}`));
    const link = /https:\/\/games\.example\/api\/mail\/unsubscribe\?user=bob&token=(\S+)/.exec(body);
    assert.ok(link, 'an unsubscribe link');
    assert.equal(move?.headers['List-Unsubscribe'], `<${link[0]}>`);
    assert.match(move?.messageId ?? '', /^<tessera\.n\d+\.bob\.[0-9a-f]{16}@games\.example>$/);

    // Ann is not mailed her own move; nobody is mailed twice.
    assert.equal((await mail.mailer.runOnce()).sent, 0);
    // A move bob has answered before the mailer ran needs no mail.
    const state = (await store.loadGame(id))?.state;
    const reply = warpweft.formatMove(warpweft.legalMoves(state as never)[0] as never, state as never);
    assert.ok((await service.move('bob', id, reply)).ok);
    await mail.mailer.runOnce();
    const [toAnn] = take();
    assert.equal(toAnn?.to, 'ann@example.org');
    assert.equal(toAnn?.subject, `[Tessera] WarpAndWeft ${id} move 3`);
    assert.ok((await service.resign('ann', id)).ok);
    await mail.mailer.runOnce();
    const ends = take();
    assert.deepEqual(ends.map((m) => m.to).sort(), ['ann@example.org', 'bob@example.org']);
    assert.match(
      ends[0]?.subject ?? '',
      new RegExp(`WarpAndWeft ${id} over: bob wins: ann \\(.*\\) resigned`),
    );
  });

  it('sends a digest once a day instead, of the games awaiting the player', async () => {
    assert.deepEqual(await mail.account.setNotify('bob', 'digest'), {
      ok: true,
      value: { notify: 'digest' },
    });
    const made = await service.challenge('bob', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    const first = warpweft.formatMove(
      warpweft.legalMoves(made.value.state as never)[0] as never,
      made.value.state as never,
    );
    assert.ok((await service.move('ann', made.value.id, first)).ok);
    await mail.mailer.runOnce();
    assert.deepEqual(
      take().map((m) => m.to),
      ['ann@example.org'],
      'ann hears of the challenge; bob (digest) of nothing yet',
    );
    clock += DAY_MS - 1;
    assert.equal((await mail.mailer.runOnce()).digests, 0);
    clock += 1;
    assert.equal((await mail.mailer.runOnce()).digests, 1);
    const [digest] = take();
    assert.equal(digest?.to, 'bob@example.org');
    assert.equal(digest?.subject, '[Tessera] 1 game awaits your move');
    assert.match(digest?.body ?? '', new RegExp(`${made.value.id}\\s+Warp and Weft`));
    assert.match(digest?.body ?? '', /Games that ended since the last digest/);
    assert.equal((await mail.mailer.runOnce()).digests, 0, 'one a day');
    const bad = await mail.account.setNotify('bob', 'weekly');
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.error : '', /write move .*, digest .* or none/);
  });

  it('retries a mail the relay could not take, with back-off, and shows one it refused for good', async () => {
    await mail.account.setNotify('bob', 'move');
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    answer = () => ({ ok: false, permanent: false, error: 'connection refused' });
    assert.equal((await mail.mailer.runOnce()).retried, 1);
    clock += retryDelay(1) - 1;
    assert.equal((await mail.mailer.runOnce()).retried, 0, 'not before its back-off');
    clock += 1;
    answer = () => ({ ok: true });
    assert.equal((await mail.mailer.runOnce()).sent, 1);
    assert.equal(take().length, 1);

    const again = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(again.ok);
    answer = () => ({ ok: false, permanent: true, error: '550 5.1.1 no such mailbox' });
    assert.equal((await mail.mailer.runOnce()).failed, 1);
    const status = await mail.account.status('bob');
    assert.deepEqual(
      status.failures.map((f) => f.error),
      ['550 5.1.1 no such mailbox'],
    );
    // A relay that never answers gives up after MAX_ATTEMPTS tries.
    const third = await service.challenge('bob', 'warpweft', ['bob', 'ann'], { size: 2 });
    assert.ok(third.ok);
    answer = () => ({ ok: false, permanent: false, error: 'timeout' });
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      assert.equal((await mail.mailer.runOnce()).retried, 1, `try ${i}`);
      clock += retryDelay(i);
    }
    assert.equal((await mail.mailer.runOnce()).failed, 1);
    answer = () => ({ ok: true });
  });

  it('unsubscribes with the link’s token only', async () => {
    assert.equal((await mail.account.unsubscribe('ann', 'forged')).ok, false);
    const secret = await store.mailSecret('ignored');
    const real = unsubscribeToken(secret, 'ann');
    assert.ok(isUnsubscribeToken(secret, 'ann', real));
    assert.equal((await mail.account.unsubscribe('ann', real)).ok, true);
    assert.equal((await mail.account.status('ann')).notify, 'none');
    const made = await service.challenge('bob', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    await mail.mailer.runOnce();
    assert.deepEqual(take(), [], 'no more mail for ann');
  });
});
