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
import { createAuthority } from '../../engine/index.ts';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { type OutboxMail, openStore, type Store } from '../../store/index.ts';
import { createService, type Service } from '../service/service.ts';
import { DIGEST_GAMES } from './digest-mail.ts';
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
  /** Every mail the relay took, for the checks made over all of them. */
  const everyMail: OutboxMail[] = [];
  const take = () => {
    everyMail.push(...delivered);
    return delivered.splice(0);
  };
  /** `user` plays the first legal move in Warp and Weft game `id`; the move. */
  const playFirst = async (user: string, id: number) => {
    const state = (await store.loadGame(id))?.state as never;
    const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
    assert.ok((await service.move(user, id, move)).ok);
    return move;
  };

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
    assert.doesNotMatch(digest?.body ?? '', /choose a daily digest/i, 'the reader chose it already');
    assert.match(digest?.body ?? '', /notify bob PASSWORD move/, 'how to get a mail on every move instead');
    assert.doesNotMatch(digest?.body ?? '', /[,:]\n\n(?! {2})/, 'no sentence split by a blank line');
    assert.equal((await mail.mailer.runOnce()).digests, 0, 'one a day');
    const bad = await mail.account.setNotify('bob', 'weekly');
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.error : '', /write move .*, digest .* or none/);
  });

  it('retries a mail the relay could not take, with back-off, and shows one it refused for good', async () => {
    await mail.account.setNotify('bob', 'move');
    // Each challenge mails one player: the challenged, who moves first.
    const made = await service.challenge('ann', 'warpweft', ['bob', 'ann'], { size: 2 });
    assert.ok(made.ok);
    answer = () => ({ ok: false, permanent: false, error: 'connection refused' });
    assert.equal((await mail.mailer.runOnce()).retried, 1);
    clock += retryDelay(1) - 1;
    assert.equal((await mail.mailer.runOnce()).retried, 0, 'not before its back-off');
    clock += 1;
    answer = () => ({ ok: true });
    assert.equal((await mail.mailer.runOnce()).sent, 1);
    assert.equal(take().length, 1);

    const again = await service.challenge('ann', 'warpweft', ['bob', 'ann'], { size: 2 });
    assert.ok(again.ok);
    answer = () => ({ ok: false, permanent: true, error: '550 5.1.1 no such mailbox' });
    assert.equal((await mail.mailer.runOnce()).failed, 1);
    const status = await mail.account.status('bob');
    assert.deepEqual(
      status.failures.map((f) => f.error),
      ['550 5.1.1 no such mailbox'],
    );
    // A relay that never answers gives up after MAX_ATTEMPTS tries.
    const third = await service.challenge('bob', 'warpweft', ['ann', 'bob'], { size: 2 });
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

  it('mails takebacks: the offer to the opponent, the answer to the proposer, the move to the one now to move', async () => {
    assert.ok((await mail.account.setNotify('ann', 'move')).ok);
    const made = await service.challenge('bob', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(made.ok);
    const id = made.value.id;
    await playFirst('ann', id);
    await playFirst('bob', id);
    await mail.mailer.runOnce();
    take();

    // Ann, to move at move 3, asks to take back the last full turn.
    assert.ok((await service.proposeTakeback('ann', id)).ok);
    await mail.mailer.runOnce();
    const [offer, ...others] = take();
    assert.deepEqual(others, [], 'one mail, to the opponent');
    assert.equal(offer?.to, 'bob@example.org');
    assert.equal(offer?.subject, `[Tessera] WarpAndWeft ${id}: ann asks to take back move 1`);
    assert.match(offer?.body ?? '', /ann asks to take back moves 1 to 2 \(/);
    assert.match(
      offer?.body ?? '',
      new RegExp(`  WarpAndWeft accept ${id} bob PASSWORD\n  WarpAndWeft reject ${id} bob PASSWORD`),
    );

    assert.ok((await service.answerTakeback('bob', id, false)).ok);
    await mail.mailer.runOnce();
    const [rejected, ...more] = take();
    assert.deepEqual(more, []);
    assert.equal(rejected?.to, 'ann@example.org');
    assert.match(
      rejected?.body ?? '',
      /bob rejected your takeback in Warp and Weft game \d+: the moves stand/,
    );
    assert.match(
      rejected?.body ?? '',
      new RegExp(`WarpAndWeft move ${id} ann PASSWORD MOVE#3`),
      'still her move',
    );
    assert.equal(rejected?.headers['X-Tessera-Game'], `${id}/3`);

    // A rejected offer is not made again at the same position: ann plays on first.
    assert.equal((await service.proposeTakeback('ann', id)).ok, false);
    await playFirst('ann', id);
    await playFirst('bob', id);
    await mail.mailer.runOnce();
    take();
    assert.ok((await service.proposeTakeback('ann', id)).ok);
    assert.ok((await service.answerTakeback('bob', id, true)).ok);
    await mail.mailer.runOnce();
    // Bob's offer was answered before the mailer ran: it needs no mail any more.
    const [accepted, ...rest] = take();
    assert.deepEqual(rest, []);
    assert.equal(accepted?.to, 'ann@example.org');
    assert.equal(accepted?.subject, `[Tessera] WarpAndWeft ${id} move 3 (takeback accepted)`);
    assert.match(
      accepted?.body ?? '',
      /bob accepted your takeback in Warp and Weft game \d+: moves 3 to 4 \(/,
    );
    assert.match(
      accepted?.body ?? '',
      new RegExp(`WarpAndWeft move ${id} ann PASSWORD MOVE#3`),
      'a move mail',
    );
    assert.equal(accepted?.headers['X-Tessera-Game'], `${id}/3`);

    // Ann plays, asks to take her move back, and withdraws the offer: bob is told, and may move.
    await playFirst('ann', id);
    assert.ok((await service.proposeTakeback('ann', id)).ok);
    await mail.mailer.runOnce();
    assert.deepEqual(
      take().map((m) => m.subject),
      [`[Tessera] WarpAndWeft ${id} move 4`, `[Tessera] WarpAndWeft ${id}: ann asks to take back move 3`],
    );
    assert.ok((await service.answerTakeback('ann', id, false)).ok);
    await mail.mailer.runOnce();
    const [withdrawn, ...after] = take();
    assert.deepEqual(after, []);
    assert.equal(withdrawn?.to, 'bob@example.org');
    assert.match(withdrawn?.body ?? '', /ann withdrew the takeback offered to you/);
    assert.match(withdrawn?.body ?? '', new RegExp(`WarpAndWeft move ${id} bob PASSWORD MOVE#4`));
    // Offering again at the same position is refused, so the opponent is mailed no more.
    for (let i = 0; i < 3; i++) {
      assert.equal((await service.proposeTakeback('ann', id)).ok, false);
      await mail.mailer.runOnce();
    }
    assert.deepEqual(take(), []);
    assert.ok((await service.resign('ann', id)).ok);
    await mail.mailer.runOnce();
    take();
  });

  it('mails the first mover for move 1, and the challenged one mail for a challenge with move 1', async () => {
    const made = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 }, '3d');
    assert.ok(made.ok);
    const id = made.value.id;
    await mail.mailer.runOnce();
    const mails = take();
    assert.deepEqual(
      mails.map((m) => [m.to, m.subject]),
      [
        ['bob@example.org', `[Tessera] WarpAndWeft ${id}: ann challenges you`],
        ['ann@example.org', `[Tessera] WarpAndWeft ${id} move 1`],
      ],
    );
    const first = mails[1];
    assert.equal(first?.headers['X-Tessera-Game'], `${id}/1`);
    assert.match(first?.body ?? '', /You have the first move in Warp and Weft game \d+\./);
    assert.match(first?.body ?? '', /Reply to this mail with your move\nalone as the first line/);
    assert.match(first?.body ?? '', new RegExp(`WarpAndWeft move ${id} ann PASSWORD MOVE#1`));

    // A finished game's mail shows no time left on its clock.
    assert.ok((await service.resign('bob', id)).ok);
    await mail.mailer.runOnce();
    const ends = take();
    assert.equal(ends.length, 2);
    for (const end of ends) {
      assert.match(end.body, /Clock: 3 days per move\./);
      assert.doesNotMatch(end.body, /left/);
    }

    // A challenge and its first move committed before the mailer runs: one mail, the move's.
    const again = await service.challenge('ann', 'warpweft', ['ann', 'bob'], { size: 2 });
    assert.ok(again.ok);
    const move = await playFirst('ann', again.value.id);
    await mail.mailer.runOnce();
    const [only, ...none] = take();
    assert.deepEqual(none, [], 'no challenge mail beside the move mail, nothing for ann');
    assert.equal(only?.to, 'bob@example.org');
    assert.equal(only?.subject, `[Tessera] WarpAndWeft ${again.value.id} move 2`);
    const words = (only?.body ?? '').replace(/\s+/g, ' ');
    assert.match(
      words,
      new RegExp(
        `ann played ${move} as move 1 in Warp and Weft game \\d+\\. ann challenged you to this game\\.`,
      ),
    );
    assert.match(only?.body ?? '', new RegExp(`WarpAndWeft decline ${again.value.id} bob PASSWORD`));
  });

  it("says a challenge's terms to both players, how its challenger cancels it, and tells the challenged of a cancel", async () => {
    const made = await service.challenge('bob', 'warpweft', ['bob', 'ann'], { size: 2 }, '3d+7d');
    assert.ok(made.ok, made.ok ? '' : made.error);
    const id = made.value.id;
    await mail.mailer.runOnce();
    const mails = take();
    const challenge = mails.find((m) => m.to === 'ann@example.org');
    const first = mails.find((m) => m.to === 'bob@example.org');
    const terms = (m: OutboxMail | undefined) => (m?.body ?? '').replace(/\s+/g, ' ');
    assert.match(
      terms(challenge),
      /Challenge by bob: Warp and Weft, size 2, variant \w+ · 3 days per move, bank up to 7 days · rated · you play Weft \(Horz\), bob moves first\./,
    );
    assert.match(terms(first), /Challenge by bob: .* · you play Warp \(Vert\), you move first\./);
    assert.match(first?.body ?? '', new RegExp(`WarpAndWeft cancel ${id} bob PASSWORD`));
    assert.doesNotMatch(challenge?.body ?? '', /cancel/);

    assert.ok((await service.cancel('bob', id)).ok);
    await mail.mailer.runOnce();
    const told = take().find((m) => m.to === 'ann@example.org');
    assert.match(told?.subject ?? '', /Void: bob cancelled the challenge/);
  });

  it('writes every mail for a 72-column reader: prose wrapped, only links longer', async () => {
    // The largest Warp and Weft board, drawn in its denser form when mailed.
    const large = await service.challenge('bob', 'warpweft', ['ann', 'bob'], { size: 6 });
    assert.ok(large.ok);
    await mail.mailer.runOnce();
    assert.equal(take().length, 1);
    assert.ok(everyMail.length > 10);
    for (const m of everyMail) {
      for (const line of m.body.split('\n')) {
        if (/^https:\/\/\S+$/.test(line)) continue;
        assert.ok(line.length <= 72, `${m.kind} mail line of ${line.length}: ${line}`);
      }
    }
  });
  it('sends a player of a thousand games a digest naming them all and listing the latest few', async () => {
    assert.ok((await mail.account.setNotify('bob', 'digest')).ok);
    // More games than a player may start (answering challenges has no such limit), made straight
    // through the engine: bob is to move in each.
    const authority = createAuthority({ port: store, games: GAMES, now });
    const before = (await service.list('bob', 'next', null)).ok;
    assert.ok(before);
    for (let i = 0; i < 1000; i++) {
      const made = await authority.create({
        gameType: 'warpweft',
        players: ['bob', 'ann'],
        challenger: 'ann',
        options: { size: 2 },
        seed: i,
      });
      assert.ok(made.ok);
    }
    const awaiting = await store.dueDigests(Number.MAX_SAFE_INTEGER, 10);
    const count = awaiting.find((d) => d.user === 'bob')?.awaiting ?? 0;
    assert.ok(count >= 1000);
    take();
    clock += 2 * DAY_MS;
    await mail.mailer.runOnce();
    const digest = take().find((m) => m.to === 'bob@example.org');
    assert.equal(digest?.subject, `[Tessera] ${count.toLocaleString('en')} games await your move`);
    const section = (digest?.body ?? '')
      .split('\n\n')
      .find((part) => part.startsWith('Games awaiting your move:'));
    const listed = section?.match(/^ +\d+ {2}Warp and Weft: /gm) ?? [];
    assert.equal(listed.length, DIGEST_GAMES, 'the latest games awaiting the move, no more');
    assert.match(
      digest?.body ?? '',
      new RegExp(`… and ${(count - DIGEST_GAMES).toLocaleString('en')} more, on the web\\.`),
    );
  });
});
