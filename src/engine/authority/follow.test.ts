/** Following another process's committed move on the game as held: the same record, or none when unsure. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import type { GameRecord } from '../port/index.ts';
import { memoryPort } from '../port/index.ts';
import { createAuthority } from './authority.ts';
import { followMove } from './follow.ts';

const firstLegal = (record: GameRecord) =>
  warpweft.formatMove(warpweft.legalMoves(record.state as never)[0] as never, record.state as never);

describe('following a move committed elsewhere', () => {
  it('gives the record the commit left, move after move, and none for the move that ends the game', async () => {
    let clock = 1000;
    const authority = createAuthority({ port: memoryPort(), games: GAMES, now: () => clock++ });
    const created = await authority.create({ gameType: 'warpweft', players: ['ann', 'bob'], seed: 7 });
    assert.ok(created.ok);
    let held = created.value;
    let followed = 0;
    while (held.status === 'active') {
      const moved = await authority.move({
        gameId: held.id,
        user: held.toMove as string,
        move: firstLegal(held),
      });
      assert.ok(moved.ok);
      const [move] = moved.value.moves;
      const after = moved.value.game;
      assert.ok(move);
      // Only from the version the move was played on.
      assert.equal(followMove(GAMES, held, move, after.version + 1), undefined);
      const next = followMove(GAMES, held, move, after.version);
      if (after.status === 'active') {
        assert.deepEqual(next, after);
        followed++;
      } else assert.equal(next, undefined, 'an ending is read back');
      held = after;
    }
    assert.ok(followed > 2);
  });
});
