/**
 * The lock critic in the browser's lock editor: load a lock, ask the Critic, read its verdict (the
 * same as the solver's, computed here), and step the board through the shortest solution to the
 * open lock. Screenshots at desktop and phone width, light and dark, go to test-output/screenshots/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { criticise, formatToolMove, parseLock, verdictText } from '../src/games/intricacy/index.ts';
import { ROOT } from './support.ts';
import { expectText, startWeb, tapLockCell, type WebFixture } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const LOCK_TEXT = readFileSync(join(ROOT, 'locks/tutorial/05-hook.lock'), 'utf8');

describe('browser client: the lock critic in the editor', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    mkdirSync(OUT, { recursive: true });
  });
  after(() => web?.close());

  it('gives the verdict on the lock being edited and steps through its shortest solution', async () => {
    const lock = parseLock(LOCK_TEXT);
    assert.ok(lock.ok);
    const verdict = criticise(lock.value);
    assert.equal(verdict.kind, 'opens');
    if (verdict.kind !== 'opens') return;
    const moves = verdict.moves.map(formatToolMove);

    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
      [1280, 'dark'],
      [390, 'light'],
    ] as const) {
      const { page, errors } = await web.open('/intricacy/edit', width);
      await page.emulateMedia({ colorScheme: theme });
      await page.locator('input[type=file]').setInputFiles({
        name: 'hook.lock',
        mimeType: 'text/plain',
        buffer: Buffer.from(LOCK_TEXT),
      });
      await expectText(page.locator('.validity'), /The lock is valid\./);
      await page.getByRole('button', { name: 'Critic', exact: true }).click();
      const shown = page.locator('.critic-verdict');
      await expectText(shown, new RegExp(verdictText(verdict).replace(/[.()]/g, '\\$&')), 30_000);
      await expectText(
        page.locator('.critic-steps'),
        new RegExp(`The lock as drawn \\(${moves.length} moves\\)`),
      );
      const board = page.locator('svg.lock');
      assert.match((await board.getAttribute('aria-label')) ?? '', /Lock being edited/);

      // Step through: each move named, the board redrawn after it, open at the last.
      for (const [i, move] of moves.entries()) {
        await page.getByRole('button', { name: 'Next move' }).click();
        await expectText(
          page.locator('.critic-steps'),
          new RegExp(`Move ${i + 1} of ${moves.length}: ${move.replace('+', '\\+')}`),
        );
        assert.equal(
          await board.getAttribute('aria-label'),
          `The lock after move ${i + 1} of the critic's solution`,
        );
      }
      await expectText(page.locator('.critic-steps'), /open!/);
      assert.match((await board.getAttribute('class')) ?? '', /\bopen\b/);
      assert.ok(await page.getByRole('button', { name: 'Next move' }).isDisabled());
      await page.screenshot({
        path: join(
          OUT,
          `intricacy-critic-${width < 500 ? 'phone' : 'desktop'}${theme === 'dark' ? '-dark' : ''}.png`,
        ),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Previous move' }).click();
      await expectText(page.locator('.critic-steps'), new RegExp(`Move ${moves.length - 1} of`));

      // A tap on the board goes back to the lock as drawn; an edit there hides the verdict of the old lock.
      await tapLockCell(page, '0,0');
      assert.match((await board.getAttribute('aria-label')) ?? '', /Lock being edited/);
      await page.getByRole('button', { name: 'Ball', exact: true }).click();
      await tapLockCell(page, '0,0');
      await expectText(page.locator('.validity'), /2 pieces/);
      await expectText(page.locator('.critic'), /^Critic$/);
      assert.equal(await shown.count(), 0);
      await page.getByRole('button', { name: 'Undo edit' }).click();
      await expectText(shown, /^Opens in/);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});
