/** The terminal tournament screen's words. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TournamentView } from '../../api/index.ts';
import { boardLine, standingLines, tournamentLine } from './tournament-text.ts';

const line = {
  id: 3,
  name: 'Cup',
  creator: 'ann',
  gameType: 'atom4',
  title: 'Atom-4',
  format: 'swiss' as const,
  rounds: 3,
  maxPlayers: 6,
  players: 6,
  timeControl: '3d',
  rated: true,
  startsAt: null,
  roundDays: null,
  state: 'running' as const,
  roundsPaired: 2,
};

describe('terminal tournament words', () => {
  it('says a tournament in one line', () => {
    assert.equal(
      tournamentLine(line),
      '#3 Cup  Atom-4, Swiss 3 rounds, 6/6 players, 3d, rated, round 2 of 3',
    );
    assert.match(
      tournamentLine({ ...line, state: 'open', startsAt: Date.UTC(2027, 0, 5) }),
      /starts 2027-01-05$/,
    );
  });

  it('lines up the standings with halves and the tie-breaks', () => {
    const view = {
      ...line,
      standings: [{ rank: 1, player: 'ann', points: 1.5, played: 2, sonnebornBerger: 0.75, buchholz: 2 }],
    } as unknown as TournamentView;
    assert.deepEqual(standingLines(view)[1], ' 1  ann                   1½       2  0.75  2');
  });

  it('says each board: a result, a game going on, a void game and a bye', () => {
    const board = {
      round: 2,
      board: 1,
      first: 'ann',
      second: 'bob',
      gameId: 9,
      status: 'finished' as const,
      firstScore: 0.5,
      voided: false,
    };
    assert.equal(boardLine(board), 'round 2: #9 ann - bob  ½-½');
    assert.equal(
      boardLine({ ...board, firstScore: null, status: 'active' }),
      'round 2: #9 ann - bob  playing',
    );
    assert.equal(boardLine({ ...board, firstScore: null, voided: true }), 'round 2: #9 ann - bob  void');
    assert.equal(boardLine({ ...board, second: null, gameId: null }), 'round 2: ann has a bye');
  });
});

describe('scores in words', () => {
  it('writes halves as ½ and quarters as decimals', async () => {
    const { formatPoints } = await import('../../api/index.ts');
    assert.deepEqual([0, 0.5, 1, 1.5, 1.25, 0.75, 10.5].map(formatPoints), [
      '0',
      '½',
      '1',
      '1½',
      '1.25',
      '0.75',
      '10½',
    ]);
  });
});
