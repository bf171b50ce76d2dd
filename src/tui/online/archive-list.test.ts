import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GameSummary } from './api.ts';
import { archiveLine, archiveStatus } from './archive-list.ts';

const game = (fields: Partial<GameSummary>): GameSummary => ({
  id: 12,
  gameType: 'warpweft',
  title: 'Warp and Weft',
  players: ['ann', 'bob'],
  challenger: 'ann',
  status: 'finished',
  outcome: { kind: 'win', winner: 1, reason: 'ann (Warp (Vert)) resigned' },
  moveCount: 9,
  toMove: null,
  rated: true,
  updatedAt: Date.UTC(2026, 10, 24, 12),
  ...fields,
});

describe('the terminal archive’s words', () => {
  it('gives each finished game its opponent, the result for me and in words, and the day', () => {
    assert.equal(
      archiveLine('ann', game({})),
      '#12 Warp and Weft vs bob  Lost  2026-11-24  bob wins: ann (Warp (Vert)) resigned',
    );
    const solo = game({ players: ['cy'], outcome: { kind: 'loss', reason: 'no move remains' } });
    assert.equal(
      archiveLine('cy', solo),
      '#12 Warp and Weft vs nobody (solo)  Lost  2026-11-24  cy lost: no move remains',
    );
  });

  it('says how many games it holds and whether older ones follow', () => {
    assert.equal(archiveStatus(0, false), 'No finished games yet.');
    assert.equal(archiveStatus(1, false), '1 finished game, newest first.');
    assert.equal(archiveStatus(20, true), '20 finished games, newest first; n fetches older ones.');
  });
});
