import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_TAKEBACKS, MAX_TAKEBACKS_PER_MOVE } from '../../api/index.ts';
import { atom4 } from '../../games/atom4/index.ts';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { createAuthority } from '../authority/index.ts';
import type { GameEvent, GameRecord } from '../port/index.ts';
import { memoryPort } from '../port/index.ts';
import { memoryTakebacks } from './takeback.ts';

async function setup(size = 2) {
  const port = memoryPort();
  const takebacks = memoryTakebacks(port);
  const events: GameEvent[] = [];
  let clock = 1000;
  const authority = createAuthority({
    port,
    takebacks,
    games: GAMES,
    notify: (e) => events.push(e),
    now: () => clock++,
  });
  const created = await authority.create({
    gameType: 'warpweft',
    players: ['ann', 'bob'],
    options: { size },
    seed: 7,
  });
  assert.ok(created.ok);
  return { port, takebacks, events, authority, id: created.value.id };
}

const firstLegal = (record: GameRecord) =>
  warpweft.formatMove(warpweft.legalMoves(record.state as never)[0] as never, record.state as never);

async function play(
  authority: Awaited<ReturnType<typeof setup>>['authority'],
  port: ReturnType<typeof memoryPort>,
  id: number,
  user: string,
) {
  const record = port.games.get(id) as GameRecord;
  const moved = await authority.move({ gameId: id, user, move: firstLegal(record) });
  assert.ok(moved.ok, moved.ok ? '' : moved.error);
  return moved.value.game;
}

const errorOf = (answer: { ok: boolean; error?: string }) => (answer.ok ? '' : (answer.error ?? ''));

describe('takebacks', () => {
  it('takes back the proposer’s move alone when the opponent has not answered it', async () => {
    const { authority, port, takebacks, events, id } = await setup();
    const start = port.games.get(id) as GameRecord;
    await play(authority, port, id, 'ann');
    const offered = await authority.proposeTakeback({ gameId: id, user: 'ann' });
    assert.ok(offered.ok);
    assert.equal(offered.value.moves.length, 1);
    const own = await authority.answerTakeback({ gameId: id, user: 'ann', accept: true });
    assert.match(errorOf(own), /your own proposal: bob accepts or rejects it/);
    const accepted = await authority.answerTakeback({ gameId: id, user: 'bob', accept: true });
    assert.ok(accepted.ok && accepted.value.kind === 'accepted');
    const game = accepted.value.game;
    assert.equal(game.moveCount, 0);
    assert.equal(game.toMove, 'ann');
    assert.deepEqual(game.state, start.state);
    assert.equal((await port.moveLog(id, 0)).length, 0);
    const history = await takebacks.takebacks(id);
    assert.equal(history.length, 1);
    assert.equal(history[0]?.fromMove, 1);
    assert.equal(history[0]?.proposer, 'ann');
    assert.equal(history[0]?.acceptedBy, 'bob');
    assert.equal(events.at(-1)?.kind, 'takeback');
    // The game goes on from there: the next move is number 1 again.
    const again = await play(authority, port, id, 'ann');
    assert.equal(again.moveCount, 1);
  });

  it('takes back the last full turn once the opponent has answered', async () => {
    const { authority, port, id } = await setup();
    const afterOne = await play(authority, port, id, 'ann');
    await play(authority, port, id, 'bob');
    await play(authority, port, id, 'ann');
    const offered = await authority.proposeTakeback({ gameId: id, user: 'bob' });
    assert.ok(offered.ok);
    assert.deepEqual(
      offered.value.moves.map((m) => m.moveNo),
      [2, 3],
    );
    const accepted = await authority.answerTakeback({ gameId: id, user: 'ann', accept: true });
    assert.ok(accepted.ok && accepted.value.kind === 'accepted');
    assert.equal(accepted.value.game.moveCount, 1);
    assert.equal(accepted.value.game.toMove, 'bob');
    assert.deepEqual(accepted.value.game.state, afterOne.state);
  });

  it('refuses with a sentence: nothing proposed, nothing to take back, twice, lapsed, game over', async () => {
    const { authority, port, id } = await setup();
    assert.match(
      errorOf(await authority.answerTakeback({ gameId: id, user: 'bob', accept: true })),
      /nobody has proposed a takeback in game \d+/,
    );
    assert.match(
      errorOf(await authority.proposeTakeback({ gameId: id, user: 'bob' })),
      /you have not moved in game \d+ yet: there is nothing to take back/,
    );
    assert.match(
      errorOf(await authority.proposeTakeback({ gameId: id, user: 'eve' })),
      /eve is not a player/,
    );
    await play(authority, port, id, 'ann');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
    assert.match(
      errorOf(await authority.proposeTakeback({ gameId: id, user: 'ann' })),
      /you have already proposed a takeback/,
    );
    await play(authority, port, id, 'bob');
    const lapsed = await authority.answerTakeback({ gameId: id, user: 'bob', accept: true });
    assert.match(errorOf(lapsed), /lapsed: a move has been played since/);
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
    const rejected = await authority.answerTakeback({ gameId: id, user: 'bob', accept: false });
    assert.ok(rejected.ok && rejected.value.kind === 'rejected');
    assert.equal((port.games.get(id) as GameRecord).moveCount, 2);
    await authority.resign({ gameId: id, user: 'ann' });
    assert.match(errorOf(await authority.proposeTakeback({ gameId: id, user: 'bob' })), /is over/);
  });

  it('asks the opponent once per position: a rejected or withdrawn takeback is offered again only after a move', async () => {
    const { authority, port, id } = await setup();
    await play(authority, port, id, 'ann');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
    assert.ok((await authority.answerTakeback({ gameId: id, user: 'bob', accept: false })).ok);
    const again = /you have proposed a takeback at this point of game \d+ already: play on/;
    assert.match(errorOf(await authority.proposeTakeback({ gameId: id, user: 'ann' })), again);
    assert.match(
      errorOf(await authority.answerTakeback({ gameId: id, user: 'bob', accept: true })),
      /nobody has proposed a takeback/,
    );
    await play(authority, port, id, 'bob');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
    // Withdrawn counts the same.
    assert.ok((await authority.answerTakeback({ gameId: id, user: 'ann', accept: false })).ok);
    assert.match(errorOf(await authority.proposeTakeback({ gameId: id, user: 'ann' })), again);
    // The other player is not held back by it.
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'bob' })).ok);
  });

  it('takes back one move a few times at most, then asks to play on', async () => {
    const { authority, port, id } = await setup();
    for (let time = 0; time < MAX_TAKEBACKS_PER_MOVE; time++) {
      await play(authority, port, id, 'ann');
      assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
      assert.ok((await authority.answerTakeback({ gameId: id, user: 'bob', accept: true })).ok);
    }
    await play(authority, port, id, 'ann');
    assert.match(
      errorOf(await authority.proposeTakeback({ gameId: id, user: 'ann' })),
      new RegExp(`move 1 of game ${id} has been taken back ${MAX_TAKEBACKS_PER_MOVE} times`),
    );
    // The next move may still be taken back.
    await play(authority, port, id, 'bob');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'bob' })).ok);
  });

  it('gives a game a bounded number of takebacks', async () => {
    const { authority, port, takebacks, id } = await setup(6);
    let made = 0;
    while (made < MAX_TAKEBACKS) {
      const record = port.games.get(id) as GameRecord;
      const user = record.toMove as string;
      await play(authority, port, id, user);
      const offered = await authority.proposeTakeback({ gameId: id, user });
      if (!offered.ok) {
        // This move had its share: it stands, and the other player moves next.
        assert.match(errorOf(offered), /has been taken back \d+ times/);
        continue;
      }
      const other = record.players.find((p) => p !== user) as string;
      assert.ok((await authority.answerTakeback({ gameId: id, user: other, accept: true })).ok);
      made++;
    }
    assert.equal((await takebacks.takebacks(id)).length, MAX_TAKEBACKS);
    const user = (port.games.get(id) as GameRecord).toMove as string;
    await play(authority, port, id, user);
    assert.match(
      errorOf(await authority.proposeTakeback({ gameId: id, user })),
      new RegExp(`game ${id} has had ${MAX_TAKEBACKS} takebacks, the most a game may have`),
    );
  });

  it('never crosses an Atom-4 round: neither the move that decided one nor into the round before', async () => {
    const port = memoryPort();
    const authority = createAuthority({ port, takebacks: memoryTakebacks(port), games: GAMES, now: () => 1 });
    const created = await authority.create({
      gameType: 'atom4',
      players: ['ann', 'bob'],
      options: { rounds: 3 },
      seed: 1,
    });
    assert.ok(created.ok);
    const id = created.value.id;
    const move = async (user: string, text?: string) => {
      const state = (port.games.get(id) as GameRecord).state as never;
      const played = await authority.move({
        gameId: id,
        user,
        move: text ?? atom4.formatMove(atom4.legalMoves(state)[0] as never, state),
      });
      assert.ok(played.ok, played.ok ? '' : played.error);
    };
    const refusedAcross = async (user: string) =>
      assert.match(
        errorOf(await authority.proposeTakeback({ gameId: id, user })),
        /a takeback stays within the round being played/,
      );
    // Round 1, won by player 2 (bob) with the 16th move.
    const round1 = '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' ');
    for (const [k, text] of round1.entries()) await move(k % 2 === 0 ? 'ann' : 'bob', text);
    // Decided: neither the winner nor the loser undoes the winning move.
    await refusedAcross('bob');
    await refusedAcross('ann');
    // bob opens round 2; his "next" is not undone either.
    await move('bob', 'next');
    await refusedAcross('bob');
    // His first placement of round 2 may be taken back: to round 2's start, not round 1's end.
    await move('bob');
    await refusedAcross('ann');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'bob' })).ok);
    const accepted = await authority.answerTakeback({ gameId: id, user: 'ann', accept: true });
    assert.ok(accepted.ok && accepted.value.kind === 'accepted');
    const back = accepted.value.game.state as { round: number; ply: number; roundResult: unknown };
    assert.deepEqual([back.round, back.ply, back.roundResult], [2, 0, null]);
    // Within round 2, takebacks work as anywhere.
    await move('bob');
    await move('ann');
    assert.ok((await authority.proposeTakeback({ gameId: id, user: 'ann' })).ok);
  });

  it('previews moves without playing them', async () => {
    const { authority, port, id } = await setup();
    const before = port.games.get(id) as GameRecord;
    const first = firstLegal(before);
    const seen = await authority.preview({ gameId: id, moves: [first] });
    assert.ok(seen.ok);
    assert.equal(seen.value.moves[0]?.moveNo, 1);
    assert.equal(seen.value.toMove, 'bob');
    assert.equal(port.games.get(id), before);
    const bad = await authority.preview({ gameId: id, moves: [first, first] });
    assert.match(errorOf(bad), /illegal move/);
  });
});
