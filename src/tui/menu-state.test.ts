import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { menuEntries, TUI_GAMES } from './games.ts';
import { INITIAL_MENU, type MenuState, menuKey } from './menu-state.ts';

const games = menuEntries(TUI_GAMES);
const key = (pressed: Partial<Key> = {}) => pressed as Key;

/** The state after a run of keys, each a key's fields. */
function press(...keys: Partial<Key>[]): MenuState {
  let state = INITIAL_MENU;
  for (const pressed of keys) {
    const step = menuKey(state, '', key(pressed), games);
    assert.ok(step && typeof step === 'object' && 'state' in step, JSON.stringify(pressed));
    state = step.state;
  }
  return state;
}

describe('the menu', () => {
  it('starts the first game with the first value of each setting', () => {
    assert.deepEqual(menuKey(INITIAL_MENU, '', key({ return: true }), games), {
      start: 'warpweft',
      picked: {
        Opponent: 'computer',
        'You play': 'first (Warp)',
        Size: '4',
        Rules: 'thread-primary',
        'Computer thinks': '1 s',
        Mode: 'play',
      },
    });
  });

  it('changes the game on the first row, wrapping round, and a setting on its own row', () => {
    assert.equal(games[press({ leftArrow: true }).gameIndex]?.id, 'atom4');
    const atom4 = press({ leftArrow: true }, { downArrow: true }, { downArrow: true }, { downArrow: true });
    assert.equal(atom4.row, 3);
    const level = menuKey(atom4, '', key({ leftArrow: true }), games);
    assert.ok(level && typeof level === 'object' && 'state' in level);
    const started = menuKey(level.state, '', key({ return: true }), games);
    assert.deepEqual(started, {
      start: 'atom4',
      picked: { Opponent: 'computer', 'You play': 'player 1', Level: '1', Mode: 'play' },
    });
  });

  it('keeps the rows within the game’s settings, and each game’s picks apart', () => {
    assert.equal(press({ upArrow: true }).row, 0);
    const sigmar = press(
      { rightArrow: true },
      { downArrow: true },
      { rightArrow: true },
      { downArrow: true },
      { downArrow: true },
      { rightArrow: true },
    );
    assert.equal(sigmar.row, 2, "Sigmar's Garden has two settings: the board, and play or learn");
    assert.deepEqual(sigmar.picked, { sigmar: { Board: 1, Mode: 1 } });
  });

  it('quits on q or Esc and ignores other keys', () => {
    assert.equal(menuKey(INITIAL_MENU, 'q', key(), games), 'quit');
    assert.equal(menuKey(INITIAL_MENU, '', key({ escape: true }), games), 'quit');
    assert.equal(menuKey(INITIAL_MENU, 'x', key(), games), null);
  });
});
