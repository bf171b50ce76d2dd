import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

describe('browser client: Atom-4', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it('plays round 1 against the computer: legal moves only, with a preview and its reply', async () => {
    const { page, errors } = await web.open('/atom4');
    await page.getByLabel('Opponent', { exact: true }).selectOption('computer');
    await page.getByLabel('Level', { exact: true }).selectOption('1');
    await page.getByRole('button', { name: 'Start' }).click();
    await expectText(page.locator('.status'), /Player 1 \(you\) to play red\./);
    // Round 1 opens with green at (7,7) and purple at (8,7): only (8,6) and (8,8) are legal.
    await page.locator('[data-cell="3,3"]').click();
    await expectText(page.getByRole('alert'), /You can't put a marble here/);
    await page.locator('[data-cell="8,6"]').hover();
    assert.ok((await page.locator('.ghost').count()) >= 1, 'hovering a legal point previews the move');
    await page.locator('[data-cell="8,6"]').click();
    await expectText(page.locator('.status'), /Player 1 \(you\) to play green\./);
    await expectText(page.locator('.side'), /Player 2 moves \(\d+,\d+\)/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(page.locator('.status'), /to play red/);
    // From the keyboard: the cursor starts at (8,8), a legal point; Enter plays there.
    await page.getByRole('application').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.locator('.vertex.cursor').getAttribute('data-cell'), '8,8');
    await page.keyboard.press('Enter');
    await expectText(page.locator('.status'), /to play (yellow|green)/);
    assert.match(
      (await page.locator('[data-cell="8,8"]').getAttribute('aria-label')) ?? '',
      /^8,8: (?!empty)/,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('marks every piece with its colour letter, and takes a finger near a legal point on a phone', async () => {
    const { context, page, errors } = await web.openPhone('/atom4');
    await page.getByLabel('Opponent', { exact: true }).selectOption('person');
    await page.getByRole('button', { name: 'Start' }).click();
    // The opening pieces, green and purple, carry G and P: colour is never the only clue.
    assert.equal(await page.locator('[data-cell="7,7"] .mark').textContent(), 'G');
    assert.equal(await page.locator('[data-cell="8,7"] .mark').textContent(), 'P');
    assert.equal(await page.locator('[data-cell="7,7"]').getAttribute('aria-label'), '7,7: green');
    // A tap 60% of the way from the legal point (8,6) to its illegal neighbour (9,6) means (8,6).
    const box = async (cell: string) => {
      const b = await page.locator(`[data-cell="${cell}"] .hit`).boundingBox();
      assert.ok(b);
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const legal = await box('8,6');
    const beside = await box('9,6');
    await page.touchscreen.tap(legal.x + 0.6 * (beside.x - legal.x), legal.y);
    await expectText(page.locator('.status'), /Player 2 to play yellow\./);
    assert.equal(await page.locator('[data-cell="8,6"] .mark').textContent(), 'R');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
