/**
 * What one player, or one player with many accounts, must not be able to do to others through
 * the HTTP API: fill someone's games with challenges until they cannot play, hide their real
 * games behind spam, or farm a rating out of games nobody played.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../games/warpweft/index.ts';
import { newToken } from './service/auth.ts';
import { MAX_ACTIVE_GAMES, MAX_CHALLENGES_PER_OPPONENT, MAX_OPEN_CHALLENGES } from './service/service.ts';
import { testServer } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

const firstLegal = (view: unknown) =>
  warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);

describe('server: fair play between accounts', () => {
  let s: Server;
  before(async () => {
    s = await testServer();
  });
  after(() => s.close());

  /** A new session of an account. */
  const session = async (user: string): Promise<string> => {
    const { token, hash } = newToken();
    await s.store.createSession(hash, user, Date.now() + 3_600_000);
    return token;
  };
  /** An account with a session, made in the store directly (a real signup spends scrypt time). */
  const quickAccount = async (user: string): Promise<string> => {
    await s.store.createUser({ id: user, passHash: '!', salt: '!', createdAt: 1 });
    return session(user);
  };
  const challenge = (token: string, players: string[]) =>
    s.call('POST', '/api/games', { gameType: 'warpweft', players, options: { size: 2 } }, token);
  const ids = (answer: { body: unknown }) => (answer.body as { id: number }[]).map((g) => g.id);

  it('counts unanswered challenges against the challenger only, and lists real games first', async () => {
    const vera = await quickAccount('vera');
    await quickAccount('friend');
    await quickAccount('pal');
    const real = await challenge(vera, ['vera', 'friend']);
    assert.equal(real.status, 201, real.body.error);
    const realId = real.body.id as number;
    assert.equal(
      (await s.call('POST', `/api/games/${realId}/moves`, { move: firstLegal(real.body.view) }, vera)).status,
      200,
    );
    // Many accounts each send vera as many challenges as they may: more than her whole quota.
    const spammers = Math.ceil((MAX_ACTIVE_GAMES + 10) / MAX_CHALLENGES_PER_OPPONENT);
    let spam = 0;
    for (let i = 0; i < spammers; i++) {
      const token = await quickAccount(`spam${i}`);
      for (let j = 0; j < MAX_CHALLENGES_PER_OPPONENT; j++) {
        const seats = j % 2 === 0 ? [`spam${i}`, 'vera'] : ['vera', `spam${i}`];
        assert.equal((await challenge(token, seats)).status, 201);
        spam++;
      }
      if (i === 0) {
        const more = await challenge(token, ['vera', 'spam0']);
        assert.equal(more.status, 429);
        assert.equal(
          more.body.error,
          `vera has not answered your last ${MAX_CHALLENGES_PER_OPPONENT} challenges yet; wait until they move or decline`,
        );
      }
    }
    assert.ok(spam > MAX_ACTIVE_GAMES);
    // Vera can still challenge and play: the challenges she never answered are not her games.
    const hers = await challenge(vera, ['pal', 'vera']);
    assert.equal(hers.status, 201, hers.body.error);
    // Her own games come before the challenges, however many and however new those are.
    const active = await s.call('GET', '/api/games?user=vera&filter=active');
    assert.deepEqual(ids(active).slice(0, 2), [hers.body.id, realId]);
    const challenges = await s.call('GET', '/api/games?user=vera&filter=challenges');
    assert.ok(ids(challenges).length >= MAX_ACTIVE_GAMES / 2);
    assert.ok(!ids(challenges).includes(realId) && !ids(challenges).includes(hers.body.id as number));
    // Answering one makes it hers: it leaves the challenges.
    const listed = challenges.body as unknown as { id: number; toMove: string }[];
    const answered = listed.find((g) => g.toMove === 'vera')?.id as number;
    const shown = await s.call('GET', `/api/games/${answered}`);
    assert.equal(
      (await s.call('POST', `/api/games/${answered}/moves`, { move: firstLegal(shown.body.view) }, vera))
        .status,
      200,
    );
    const after = await s.call('GET', '/api/games?user=vera&filter=challenges');
    assert.ok(!ids(after).includes(answered));
  });

  it('caps the challenges one player may have waiting for an answer', async () => {
    const token = await quickAccount('eager');
    for (let i = 0; i < MAX_OPEN_CHALLENGES; i++) {
      await quickAccount(`target${i}`);
      assert.equal((await challenge(token, ['eager', `target${i}`])).status, 201);
    }
    await quickAccount('onemore');
    const refused = await challenge(token, ['eager', 'onemore']);
    assert.equal(refused.status, 429);
    assert.match(refused.body.error ?? '', /challenges nobody has answered yet/);
    // The computer answers at once: playing it is never held back.
    assert.equal((await challenge(token, ['eager', 'computer'])).status, 201);
    // An answer frees a place.
    const waiting = ids(await s.call('GET', '/api/games?user=target0&filter=challenges'));
    assert.equal(
      (await s.call('POST', `/api/games/${waiting[0]}/decline`, undefined, await session('target0'))).status,
      200,
    );
    assert.equal((await challenge(token, ['eager', 'onemore'])).status, 201);
  });

  it('rates no resignation before both players moved, and at most 3 games a day between two players', async () => {
    const star = await quickAccount('star');
    // Fifteen accounts resign at once: none of it counts.
    for (let i = 0; i < 15; i++) {
      const alt = await quickAccount(`alt${i}`);
      const made = await challenge(star, ['star', `alt${i}`]);
      const resigned = await s.call('POST', `/api/games/${made.body.id}/resign`, undefined, alt);
      assert.equal(resigned.body.status, 'void');
      assert.match(
        (resigned.body.outcome as { reason: string }).reason,
        /resigned before every player had moved: the game is void/,
      );
    }
    const standing = async (user: string) =>
      (
        (await s.call('GET', '/api/ratings/warpweft')).body as unknown as { user: string; wins: number }[]
      ).find((r) => r.user === user);
    assert.equal(await standing('star'), undefined);
    // One account plays a move each time before resigning: only the first 3 of the day count.
    const alt = await session('alt0');
    const rated: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await challenge(star, ['star', 'alt0']);
      const id = made.body.id as number;
      const first = await s.call(
        'POST',
        `/api/games/${id}/moves`,
        { move: firstLegal(made.body.view) },
        star,
      );
      assert.equal(first.status, 200);
      const view = (await s.call('GET', `/api/games/${id}`)).body.view;
      assert.equal(
        (await s.call('POST', `/api/games/${id}/moves`, { move: firstLegal(view) }, alt)).status,
        200,
      );
      const resigned = await s.call('POST', `/api/games/${id}/resign`, undefined, alt);
      assert.equal(resigned.body.status, 'finished');
      rated.push(resigned.body.rated as boolean);
    }
    assert.deepEqual(rated, [true, true, true, false, false]);
    assert.equal((await standing('star'))?.wins, 3);
    // PBeM players are told too.
    const games = await s.call('POST', '/api/pbm', { args: ['WarpAndWeft', 'games', 'star', 'inactive'] });
    const lines = (games.body.text as string).split('\n').filter((l) => / star vs alt0 .*Game over/.test(l));
    assert.deepEqual(
      lines.map((l) => l.endsWith('Not rated.')),
      [true, true, false, false, false],
    );
  });
});
