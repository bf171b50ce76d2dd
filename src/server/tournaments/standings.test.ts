/** Standings: points, Sonneborn–Berger and Buchholz as arbiters count them, and the crosstable. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TournamentGame } from '../../store/index.ts';
import { roundRobin, roundRobinRounds, swissRound } from './pairing.ts';
import { crosstable, standings } from './standings.ts';

let gameId = 0;
const game = (
  round: number,
  first: string,
  second: string | null,
  firstScore: number | null,
): TournamentGame => ({
  round,
  board: 1,
  first,
  second,
  gameId: second === null ? null : ++gameId,
  status: second === null ? null : firstScore === null ? 'active' : 'finished',
  firstScore,
  voided: false,
});

describe('tournament standings', () => {
  // A round robin of four: ann beats everyone, bob beats dan and draws with cat, dan beats cat.
  const rr = [
    game(1, 'ann', 'bob', 1),
    game(1, 'cat', 'dan', 0),
    game(2, 'ann', 'cat', 1),
    game(2, 'bob', 'dan', 1),
    game(3, 'ann', 'dan', 1),
    game(3, 'bob', 'cat', 0.5),
  ];

  it('ranks a round robin by points, then Sonneborn–Berger', () => {
    const table = standings(['ann', 'bob', 'cat', 'dan'], rr, 'round-robin');
    assert.deepEqual(
      table.map((s) => [s.rank, s.player, s.points]),
      [
        [1, 'ann', 3],
        [2, 'bob', 1.5],
        [3, 'dan', 1],
        [4, 'cat', 0.5],
      ],
    );
    const byPlayer = new Map(table.map((s) => [s.player, s]));
    assert.equal(byPlayer.get('ann')?.sonnebornBerger, 1.5 + 0.5 + 1);
    assert.equal(byPlayer.get('bob')?.sonnebornBerger, 1 + 0.5 * 0.5);
    assert.equal(byPlayer.get('cat')?.sonnebornBerger, 0.5 * 1.5);
    assert.equal(byPlayer.get('dan')?.sonnebornBerger, 0.5);
    assert.equal(byPlayer.get('ann')?.buchholz, 1.5 + 0.5 + 1);
  });

  it('breaks a tie on points by Sonneborn–Berger in a round robin and by Buchholz in a Swiss', () => {
    // eve and fay both score 1; eve beat the stronger (gus, 1 point) and fay the weaker (hal, 0).
    const boards = [
      game(1, 'eve', 'gus', 1),
      game(1, 'fay', 'hal', 1),
      game(2, 'gus', 'hal', 1),
      game(2, 'eve', 'fay', null),
    ];
    const rr = standings(['fay', 'eve', 'gus', 'hal'], boards, 'round-robin');
    assert.deepEqual(
      rr.map((s) => s.player),
      // gus and fay tie on Sonneborn–Berger too (each beat only hal, who scored nothing); gus met eve.
      ['eve', 'gus', 'fay', 'hal'],
    );
    assert.equal(rr[0]?.sonnebornBerger, 1);
    assert.equal(rr[2]?.sonnebornBerger, 0);
    const swiss = standings(['fay', 'eve', 'gus', 'hal'], boards, 'swiss');
    assert.deepEqual(
      swiss.map((s) => [s.player, s.buchholz]),
      // eve and gus tie on Buchholz; eve's win over gus breaks it by Sonneborn–Berger.
      [
        ['eve', 1],
        ['gus', 1],
        ['fay', 0],
        ['hal', 2],
      ],
    );
  });

  it('scores a Swiss bye as a point, with no opponent for the tie-breaks', () => {
    const table = standings(
      ['ann', 'bob', 'cat'],
      [game(1, 'ann', 'bob', 0), game(1, 'cat', null, null)],
      'swiss',
    );
    assert.deepEqual(
      table.map((s) => [s.player, s.points, s.played, s.buchholz]),
      [
        ['bob', 1, 1, 0],
        ['cat', 1, 0, 0],
        ['ann', 0, 1, 1],
      ],
    );
  });

  it('scores a game given up before both moved (void) as nothing for either', () => {
    const voided = { ...game(1, 'ann', 'bob', null), status: 'finished' as const, voided: true };
    const table = standings(['ann', 'bob'], [voided], 'round-robin');
    assert.deepEqual(
      table.map((s) => [s.player, s.points, s.played]),
      [
        ['ann', 0, 1],
        ['bob', 0, 1],
      ],
    );
  });

  it('shares a rank when points and both tie-breaks are equal', () => {
    const table = standings(['ann', 'bob'], [game(1, 'ann', 'bob', 0.5)], 'round-robin');
    assert.deepEqual(
      table.map((s) => s.rank),
      [1, 1],
    );
  });

  it('puts each game in both players’ cells of the crosstable, with each one’s score', () => {
    const table = crosstable(['ann', 'bob', 'cat', 'dan'], rr);
    assert.deepEqual(
      table.cells[0]?.[1]?.map((c) => c.score),
      [1],
    );
    assert.deepEqual(
      table.cells[1]?.[0]?.map((c) => c.score),
      [0],
    );
    assert.deepEqual(
      table.cells[1]?.[2]?.map((c) => c.score),
      [0.5],
    );
    assert.deepEqual(table.cells[0]?.[0], []);
  });
});

describe('tournament pairings', () => {
  it('pairs a round robin so that everyone meets everyone once', () => {
    const players = ['ann', 'bob', 'cat', 'dan', 'eve'];
    const boards = roundRobin(players);
    assert.equal(roundRobinRounds(5), 5);
    const met = new Set(boards.map((b) => [b.first, b.second].sort().join('-')));
    assert.equal(met.size, 10);
    assert.equal(boards.length, 10);
    for (let round = 1; round <= 5; round++) {
      const seated = boards.filter((b) => b.round === round).flatMap((b) => [b.first, b.second]);
      assert.equal(new Set(seated).size, seated.length, `nobody plays twice in round ${round}`);
    }
  });

  it('pairs a Swiss round with no rematch and a bye to someone who had none', () => {
    const players = ['ann', 'bob', 'cat', 'dan', 'eve'];
    const first = swissRound(players, [], 1);
    const round1 = first.map((b) => game(1, b.first, b.second, b.second === null ? null : 1));
    const second = swissRound(players, round1, 2);
    const before = new Set(round1.filter((b) => b.second).map((b) => [b.first, b.second].sort().join('-')));
    for (const b of second) if (b.second) assert.ok(!before.has([b.first, b.second].sort().join('-')));
    const bye1 = first.find((b) => b.second === null)?.first;
    const bye2 = second.find((b) => b.second === null)?.first;
    assert.ok(bye1 && bye2 && bye1 !== bye2);
    assert.equal(second.length, 3);
  });
});
