import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAMES, replay } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import type { GameEvent, GameRecord } from '../port/index.ts';
import { memoryPort } from '../port/index.ts';
import { createAuthority } from './authority.ts';

function setup() {
  const port = memoryPort();
  const events: GameEvent[] = [];
  let clock = 1000;
  const authority = createAuthority({
    port,
    games: GAMES,
    notify: (e) => events.push(e),
    now: () => clock++,
  });
  return { port, events, authority };
}

async function newGame(authority: ReturnType<typeof setup>['authority']): Promise<GameRecord> {
  const created = await authority.create({
    gameType: 'warpweft',
    players: ['ann', 'bob'],
    options: { size: 2 },
    seed: 7,
  });
  assert.ok(created.ok, created.ok ? '' : created.error);
  return created.value;
}

/** The first legal move in the game's notation. */
const firstLegal = (record: GameRecord) =>
  warpweft.formatMove(warpweft.legalMoves(record.state as never)[0] as never, record.state as never);

describe('the one authority', () => {
  it('creates a game with validated options and refuses bad ones', async () => {
    const { authority } = setup();
    const game = await newGame(authority);
    assert.equal(game.toMove, 'ann');
    assert.equal(game.moveCount, 0);
    const bad = await authority.create({
      gameType: 'warpweft',
      players: ['a', 'b'],
      options: { size: 9 },
      seed: 1,
    });
    assert.equal(bad.ok, false);
    assert.match(bad.ok ? '' : bad.error, /size/);
    const same = await authority.create({ gameType: 'warpweft', players: ['a', 'a'], seed: 1 });
    assert.equal(same.ok, false);
    const unknown = await authority.create({ gameType: 'chess', players: ['a', 'b'], seed: 1 });
    assert.match(unknown.ok ? '' : unknown.error, /no game called chess/);
  });

  it('plays a move for the seat to move and records it so the log replays to the cache', async () => {
    const { authority, port, events } = setup();
    let game = await newGame(authority);
    for (const user of ['ann', 'bob', 'ann']) {
      const taken = await authority.move({
        gameId: game.id,
        user,
        move: firstLegal(game),
        moveNo: game.moveCount + 1,
      });
      assert.ok(taken.ok, taken.ok ? '' : taken.error);
      game = taken.value.game;
    }
    assert.equal(game.moveCount, 3);
    const log = await port.moveLog(game.id, 0);
    assert.deepEqual(
      log.map((m) => [m.moveNo, m.seat]),
      [
        [1, 0],
        [2, 1],
        [3, 0],
      ],
    );
    const rebuilt = replay(
      warpweft,
      game.options as never,
      game.seed,
      log.map((m) => m.text),
    );
    assert.ok(rebuilt.ok);
    assert.deepEqual(rebuilt.value, game.state);
    assert.deepEqual(
      events.map((e) => (e.kind === 'move' ? e.move.moveNo : -1)),
      [1, 2, 3],
    );
  });

  it('refuses outsiders, the wrong seat, stale numbers and illegal moves, each saying why', async () => {
    const { authority, port } = setup();
    const game = await newGame(authority);
    const move = firstLegal(game);
    const outsider = await authority.move({ gameId: game.id, user: 'eve', move });
    assert.match(outsider.ok ? '' : outsider.error, /eve is not a player/);
    const early = await authority.move({ gameId: game.id, user: 'bob', move });
    assert.match(early.ok ? '' : early.error, /not your turn: ann/);
    const stale = await authority.move({ gameId: game.id, user: 'ann', move, moveNo: 3 });
    assert.match(stale.ok ? '' : stale.error, /game is at move 0, the next move is #1/);
    const illegal = await authority.move({ gameId: game.id, user: 'ann', move: 'patches' });
    assert.match(illegal.ok ? '' : illegal.error, /illegal move patches/);
    const nonsense = await authority.move({ gameId: game.id, user: 'ann', move: 'Z99' });
    assert.equal(nonsense.ok, false);
    assert.equal((await port.loadGame(game.id))?.moveCount, 0);
  });

  it('lets exactly one of two racing moves with the same number through', async () => {
    const { authority, port } = setup();
    const game = await newGame(authority);
    const moves = warpweft
      .legalMoves(game.state as never)
      .map((m) => warpweft.formatMove(m, game.state as never));
    const results = await Promise.all([
      authority.move({ gameId: game.id, user: 'ann', move: moves[0] as string, moveNo: 1 }),
      authority.move({ gameId: game.id, user: 'ann', move: moves[1] as string, moveNo: 1 }),
    ]);
    assert.equal(results.filter((r) => r.ok).length, 1);
    const loser = results.find((r) => !r.ok);
    assert.match(loser && !loser.ok ? loser.error : '', /stale: game is at move 1/);
    assert.equal((await port.moveLog(game.id, 0)).length, 1);
  });

  it('plays a queued move as soon as it is due, marked auto, and drops an illegal one', async () => {
    const { authority, port } = setup();
    const game = await newGame(authority);
    const first = firstLegal(game);
    const parsed = warpweft.parseMove(first, game.state as never);
    assert.ok(parsed.ok);
    const after = warpweft.play(game.state as never, parsed.value);
    assert.ok(after.ok);
    const reply = warpweft.formatMove(warpweft.legalMoves(after.value)[0] as never, after.value);
    const queued = await authority.queue({ gameId: game.id, user: 'bob', moves: [reply] });
    assert.ok(queued.ok);
    assert.equal(queued.value.moves.length, 0);
    const taken = await authority.move({ gameId: game.id, user: 'ann', move: first, moveNo: 1 });
    assert.ok(taken.ok);
    assert.deepEqual(
      taken.value.moves.map((m) => [m.moveNo, m.auto]),
      [
        [1, false],
        [2, true],
      ],
    );
    assert.deepEqual(await port.queuedMoves(game.id, 1), []);
    // Bob queues a move Ann then takes: it is dropped with the reason.
    const next = taken.value.game;
    const contested = firstLegal(next);
    await authority.queue({ gameId: game.id, user: 'bob', moves: [contested, 'threads'] });
    const third = await authority.move({ gameId: game.id, user: 'ann', move: contested });
    assert.ok(third.ok);
    assert.equal(third.value.dropped.length, 1);
    assert.match(third.value.dropped[0]?.error ?? '', /already claimed/);
    assert.deepEqual(await port.queuedMoves(game.id, 1), []);
  });

  it('refuses at once a queue the rules exclude whatever is played before it: a late swap', async () => {
    const { authority, port } = setup();
    const game = await newGame(authority);
    const first = firstLegal(game);
    // Ann's first move, then a swap at her next turn (move 3): never legal, as is a second swap.
    const late = await authority.queue({ gameId: game.id, user: 'ann', moves: [first, 'swap', 'swap'] });
    assert.equal(late.ok, false);
    assert.match(
      late.ok ? '' : late.error,
      /queued move 2 \(swap\) would be move 3 of the game: swap is allowed only as the second move/,
    );
    assert.deepEqual(await port.queuedMoves(game.id, 0), []);
    // Bob's swap at his first turn, the second move of the game, may be queued.
    const swap = await authority.queue({ gameId: game.id, user: 'bob', moves: ['swap'] });
    assert.ok(swap.ok, swap.ok ? '' : swap.error);
    const twice = await authority.queue({ gameId: game.id, user: 'bob', moves: ['swap'] });
    assert.equal(twice.ok, false, 'a second swap queued after it would be move 4');
  });

  it('ends a game on resignation with the opponent winning, and refuses later moves', async () => {
    const { authority } = setup();
    let game = await newGame(authority);
    const outsider = await authority.resign({ gameId: game.id, user: 'eve' });
    assert.equal(outsider.ok, false);
    for (const user of ['ann', 'bob']) {
      const made = await authority.move({ gameId: game.id, user, move: firstLegal(game) });
      assert.ok(made.ok, made.ok ? '' : made.error);
      game = made.value.game;
    }
    const resigned = await authority.resign({ gameId: game.id, user: 'bob' });
    assert.ok(resigned.ok);
    assert.equal(resigned.value.status, 'finished');
    assert.deepEqual(resigned.value.outcome, {
      kind: 'win',
      winner: 0,
      reason: 'bob (Weft (Horz)) resigned',
    });
    const late = await authority.move({ gameId: game.id, user: 'ann', move: firstLegal(game) });
    assert.match(late.ok ? '' : late.error, /is over/);
  });

  it('voids a game resigned before every player has moved: nobody wins it', async () => {
    const { authority } = setup();
    const untouched = await newGame(authority);
    const early = await authority.resign({ gameId: untouched.id, user: 'bob' });
    assert.ok(early.ok);
    assert.equal(early.value.status, 'void');
    assert.deepEqual(early.value.outcome, {
      kind: 'draw',
      reason: 'bob (Weft (Horz)) resigned before every player had moved: the game is void',
    });
    // The challenger moved, their opponent never did: still void.
    const game = await newGame(authority);
    assert.ok((await authority.move({ gameId: game.id, user: 'ann', move: firstLegal(game) })).ok);
    const withdrawn = await authority.resign({ gameId: game.id, user: 'ann' });
    assert.equal(withdrawn.ok && withdrawn.value.status, 'void');
  });

  it('counts a game its players entered beforehand as lost by whoever gives up before moving', async () => {
    const { authority, port } = setup();
    const prepared = await authority.prepare({
      gameType: 'warpweft',
      players: ['ann', 'bob'],
      options: { size: 3 },
      seed: 3,
    });
    assert.ok(prepared.ok);
    const entered = await port.createGame({ ...prepared.value, binding: true });
    assert.ok(!('refused' in entered));
    const lost = await authority.loseOnTime({ gameId: entered.id, version: entered.version });
    assert.ok(lost.ok);
    assert.equal(lost.value.status, 'finished');
    assert.equal(lost.value.outcome?.kind === 'win' && lost.value.outcome.winner, 1, 'bob wins');
  });

  it('keeps both of two queue appends racing each other', async () => {
    const { authority, port } = setup();
    const game = await newGame(authority);
    const moves = warpweft
      .legalMoves(game.state as never)
      .slice(0, 8)
      .map((m) => warpweft.formatMove(m as never, game.state as never));
    const appended = await Promise.all(
      moves.map((move) => authority.queue({ gameId: game.id, user: 'bob', moves: [move] })),
    );
    assert.ok(appended.every((r) => r.ok || /busy/.test(r.error)));
    const kept = appended.filter((r) => r.ok).length;
    assert.ok(kept >= 2);
    assert.equal((await port.queuedMoves(game.id, 1)).length, kept);
    assert.ok((await authority.clearQueue({ gameId: game.id, user: 'bob' })).ok);
    assert.deepEqual(await port.queuedMoves(game.id, 1), []);
  });

  it('lets a player who has not moved decline, voiding the game', async () => {
    const { authority } = setup();
    const game = await newGame(authority);
    await authority.move({ gameId: game.id, user: 'ann', move: firstLegal(game) });
    const annDeclines = await authority.decline({ gameId: game.id, user: 'ann' });
    assert.match(annDeclines.ok ? '' : annDeclines.error, /already moved/);
    const bobDeclines = await authority.decline({ gameId: game.id, user: 'bob' });
    assert.ok(bobDeclines.ok);
    assert.equal(bobDeclines.value.status, 'void');
    const again = await authority.resign({ gameId: game.id, user: 'ann' });
    assert.match(again.ok ? '' : again.error, /void/);
  });
});
