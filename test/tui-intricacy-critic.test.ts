/**
 * The lock critic in the terminal editor: C gives the verdict (the same as the rules' critic gives
 * here), ( and ) step the board through the shortest solution to the open lock, and any other key
 * goes back to the lock as drawn.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { criticise, formatToolMove, parseLock, verdictText } from '../src/games/intricacy/index.ts';
import type { TmuxSession } from './tmux.ts';
import { freshConfigHome, open, removeConfigHomes, startClient, wrapped } from './tui-intricacy-support.ts';

const FILE = fileURLToPath(new URL('../locks/tutorial/05-hook.lock', import.meta.url));

describe('terminal client: the lock critic in the editor', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
    removeConfigHomes();
  });

  it('C gives the verdict, ( ) step through the shortest solution on the board', async () => {
    const lock = parseLock(readFileSync(FILE, 'utf8'));
    assert.ok(lock.ok);
    const verdict = criticise(lock.value);
    assert.equal(verdict.kind, 'opens');
    if (verdict.kind !== 'opens') return;
    const moves = verdict.moves.map(formatToolMove);

    const tui = await startClient(freshConfigHome());
    sessions.push(tui);
    await open(tui, 'lock editor');
    await tui.waitFor(/Lock editor, size 5/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys('C-u', FILE, 'Enter');
    await tui.waitFor(/loaded\s/);
    const drawn = await tui.waitFor(/Lock editor, size 4/);
    await tui.keys('C');
    await tui.waitFor(wrapped(`Critic: ${verdictText(verdict)}`), 30_000);
    await tui.waitFor(wrapped(`( ) step the solution (${moves.length} moves)`));

    let before = drawn;
    for (const [i, move] of moves.entries()) {
      await tui.keys(')');
      const screen = await tui.waitFor(wrapped(`move ${i + 1} of ${moves.length}: ${move}`));
      assert.notEqual(boardOf(screen), boardOf(before), `the board changes after move ${i + 1}`);
      before = screen;
    }
    await tui.waitFor(wrapped(`move ${moves.length} of ${moves.length}: ${moves.at(-1)}, open!`));
    await tui.keys('(');
    await tui.waitFor(wrapped(`move ${moves.length - 1} of ${moves.length}`));
    // Any other key goes back to the lock as drawn, to edit it.
    await tui.keys('l');
    const back = await tui.waitFor(/back to the lock as drawn/);
    assert.equal(boardOf(back).replace(/[[\]]/g, ' '), boardOf(drawn).replace(/[[\]]/g, ' '));
    // An edit hides the verdict on the old lock; undo brings it back.
    await tui.keys('O');
    await tui.waitFor(/Valid lock/);
    assert.doesNotMatch(tui.screen(), /Critic:/);
    await tui.keys('z');
    await tui.waitFor(/Critic: Opens/);
    await tui.keys('q');
  });
});

/** The board of a size 4 lock: the left part of each line, before the panel. */
const boardOf = (screen: string): string =>
  screen
    .split('\n')
    .map((line) => line.slice(0, 22).trimEnd())
    .join('\n')
    .trimEnd();
