import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE } from '../../games/intricacy/index.ts';
import { FIRST, pageKey, placeAfterKey, SCORES_TAB, TABS, turnPage } from './meta-nav.ts';

describe('moving about the metagame screen', () => {
  it('goes round the tabs with Tab and the arrows, each from its first row', () => {
    assert.deepEqual(placeAfterKey({ tab: 0, row: 2 }, 3, 'tab'), { tab: 1, row: 0 });
    assert.deepEqual(placeAfterKey({ tab: TABS.length - 1, row: 0 }, 3, 'right'), { tab: 0, row: 0 });
    assert.deepEqual(placeAfterKey({ tab: 0, row: 0 }, 3, 'left'), { tab: TABS.length - 1, row: 0 });
  });

  it('moves the chosen row within the list', () => {
    assert.deepEqual(placeAfterKey({ tab: 1, row: 0 }, 3, 'up'), { tab: 1, row: 0 });
    assert.deepEqual(placeAfterKey({ tab: 1, row: 1 }, 3, 'down'), { tab: 1, row: 2 });
    assert.deepEqual(placeAfterKey({ tab: 1, row: 2 }, 3, 'down'), { tab: 1, row: 2 });
    assert.deepEqual(placeAfterKey({ tab: 1, row: 0 }, 0, 'down'), { tab: 1, row: 0 });
    assert.equal(placeAfterKey({ tab: 1, row: 0 }, 3, 'g'), null);
  });

  it("turns the tab's own list with [ ] and PgUp PgDn, and the score table's columns with { }", () => {
    assert.equal(pageKey(0, ']'), null, 'your slots are one page');
    assert.deepEqual(pageKey(1, ']'), { list: 'players', step: 1 });
    assert.deepEqual(pageKey(2, 'pageup'), { list: 'notes', step: -1 });
    assert.deepEqual(pageKey(SCORES_TAB, '}'), { list: 'columns', step: 1 });
    assert.equal(pageKey(1, '}'), null);
  });

  it('turns a page a full page at a time, and says so at either end', () => {
    const counts = { players: 25, notes: 3, scores: 0, columns: 0, retired: 0 };
    assert.deepEqual(turnPage(FIRST, counts, 'players', 1), { offset: PAGE.players.size });
    assert.deepEqual(turnPage({ ...FIRST, players: 20 }, counts, 'players', 1), {
      message: 'That is the last page.',
    });
    assert.deepEqual(turnPage(FIRST, counts, 'notes', -1), { message: 'That is the first page.' });
  });
});
