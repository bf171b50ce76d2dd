import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GAME_IDS, GAMES } from '../games/index.ts';
import { menuEntries, onlineEntries, TUI_GAMES, withGames } from './games.ts';
import type { TuiGame } from './tui-game.ts';

describe("the terminal's games", () => {
  it('has one entry per game id, each with that game and its title from the rules', () => {
    assert.deepEqual(Object.keys(TUI_GAMES).sort(), [...GAME_IDS].sort());
    for (const [id, entry] of Object.entries(TUI_GAMES)) {
      assert.equal(entry.rules, GAMES[id]);
      assert.equal(entry.rules.id, id);
    }
  });

  it('lists the menu in its order, every game playable here, with the rules’ titles', () => {
    const menu = menuEntries(TUI_GAMES);
    assert.deepEqual(
      menu.map((g) => g.title),
      ['Warp and Weft', "Sigmar's Garden", 'Intricacy', 'Atom-4'],
    );
    for (const g of menu) assert.ok(g.blurb.length > 0 && g.choices.length > 0, g.id);
  });

  it('offers challenges in the games the terminal plays against a server', () => {
    assert.deepEqual(
      onlineEntries(TUI_GAMES).map((g) => [g.id, g.title]),
      [
        ['warpweft', 'Warp and Weft'],
        ['atom4', 'Atom-4'],
      ],
    );
  });

  it('turns the default challenge settings into options the rules accept', () => {
    for (const g of onlineEntries(TUI_GAMES)) {
      const defaults = Object.fromEntries(g.settings.map((s) => [s.label, s.values[0] as string]));
      const parsed = GAMES[g.id]?.parseOptions(g.options(defaults));
      assert.equal(parsed?.ok, true, g.id);
    }
    const warpweft = TUI_GAMES.warpweft?.online;
    assert.deepEqual(warpweft?.options({ Size: '3', Rules: 'patch-primary' }), { size: 3, variant: 'patch' });
    assert.deepEqual(TUI_GAMES.atom4?.online?.options({ Rounds: '5' }), { rounds: 5 });
  });

  it('sets up local games from the menu’s choices', () => {
    assert.deepEqual(
      TUI_GAMES.atom4?.local?.setup({ Opponent: 'computer', 'You play': 'player 2', Level: '4' }),
      { computer: 0, level: 4 },
    );
    assert.deepEqual(
      TUI_GAMES.atom4?.local?.setup({ Opponent: 'person here', 'You play': 'player 1', Level: '2' }),
      { computer: null, level: 2 },
    );
    assert.deepEqual(
      TUI_GAMES.warpweft?.local?.setup({
        Opponent: 'computer',
        'You play': 'first (Warp)',
        Size: '5',
        Rules: 'thread-primary',
        'Computer thinks': '0.2 s',
      }),
      { size: 5, variant: 'thread', botSeat: 1, thinkMs: 200 },
    );
    assert.deepEqual(TUI_GAMES.intricacy?.local?.setup({ Play: 'lock editor', Lock: 'tutorial/05-hook' }), {
      mode: 'lock editor',
      lock: 'tutorial/05-hook',
    });
  });

  it('adds a game under its rules’ id, after the others', () => {
    const extra = { rules: { ...GAMES.atom4, id: 'tiny', title: 'Tiny' } } as unknown as TuiGame;
    const more = withGames(TUI_GAMES, [extra]);
    assert.equal(more.tiny, extra);
    assert.deepEqual(Object.keys(more).slice(0, -1), Object.keys(TUI_GAMES));
    assert.equal(Object.keys(TUI_GAMES).includes('tiny'), false, 'the table itself is unchanged');
  });
});
