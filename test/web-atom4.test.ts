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
    assert.deepEqual(errors, []);
    await page.close();
  });
});
