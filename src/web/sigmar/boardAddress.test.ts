import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailySeed } from '../../games/sigmar/index.ts';
import {
  askedPreferences,
  boardQuery,
  namedBoard,
  randomBoard,
  readAddress,
  sameBoard,
  todayUtc,
} from './boardAddress.ts';

const stored = { difficulty: 'easy', sloppy: true } as const;

describe("the Sigmar's Garden address", () => {
  it('names a board by its seed and every option that changes the deal, whatever is stored', () => {
    const board = namedBoard(readAddress('?seed=777&difficulty=hard&sloppy=1&template=star'));
    assert.deepEqual(board?.options, { template: 'star', difficulty: 'hard', sloppy: true, board: null });
    assert.equal(board?.seed, 777);
    // A seed alone is the plain deal: any difficulty, the harder-board rules on.
    const plain = namedBoard(readAddress('?seed=777'));
    assert.deepEqual(plain?.options, { template: null, difficulty: null, sloppy: false, board: null });
  });

  it('writes the board it deals into the address, keeping the other parameters', () => {
    const board = randomBoard(null, { difficulty: 'hard', sloppy: true }, 42);
    const query = boardQuery('?debug=1&seed=5&difficulty=easy', board);
    assert.equal(query, '?debug=1&seed=42&difficulty=hard&sloppy=1');
    const again = namedBoard(readAddress(query));
    assert.ok(again && sameBoard(again, board), 'the address reads back as the same board');
    assert.equal(boardQuery('', randomBoard(null, { difficulty: null, sloppy: false }, 7)), '?seed=7');
  });

  it('names the daily board by its day (UTC), dealt alike for everyone', () => {
    assert.equal(todayUtc(new Date('2026-11-24T23:30:00-05:00')), '2026-11-25');
    const daily = namedBoard(readAddress('?daily=2026-11-24&difficulty=hard&sloppy=1'));
    assert.deepEqual(daily, {
      options: { template: null, difficulty: null, sloppy: false, board: null },
      seed: dailySeed('2026-11-24'),
      daily: '2026-11-24',
    });
    assert.equal(boardQuery('?seed=3&rnd=1', daily ?? assert.fail()), '?rnd=1&daily=2026-11-24');
  });

  it('takes the options of a first random board from the address, else from what is stored', () => {
    assert.deepEqual(askedPreferences(readAddress(''), stored), stored);
    assert.deepEqual(askedPreferences(readAddress('?difficulty=any&sloppy=0'), stored), {
      difficulty: null,
      sloppy: false,
    });
  });

  it('says what it cannot read, in a sentence each', () => {
    const request = readAddress('?seed=abc&daily=2026-02-30&difficulty=brutal&sloppy=maybe&template=x');
    assert.equal(namedBoard(request), null);
    assert.equal(request.errors.length, 5);
    assert.match(request.errors[0] ?? '', /seed must be a whole number/);
    assert.match(request.errors[1] ?? '', /daily must be a day such as \d{4}-\d{2}-\d{2}, got "2026-02-30"/);
    assert.match(request.errors[2] ?? '', /template/);
    assert.match(request.errors[3] ?? '', /difficulty must be one of any, easy, normal, hard/);
    assert.match(request.errors[4] ?? '', /sloppy must be 1 or 0/);
    assert.match(readAddress('?daily=2026-13-01').errors[0] ?? '', /daily must be a day/);
  });
});
