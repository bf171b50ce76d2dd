import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

describe('browser client: Intricacy lock picking', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it("picks the tutorial lock with the original's keys, with undo, redo and reset", async () => {
    const { page, errors } = await web.open('/intricacy');
    const status = page.locator('.status');
    await expectText(status, /Turn 0\./);
    const hookColour = () => page.locator('.piece.hook .centre').getAttribute('fill');
    const before = await hookColour();
    // The shortest solution of tutorial/pull: hE hE hNE hNE hNE h+ hW.
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k']) await page.keyboard.press(key);
    await expectText(status, /Turn 6, last h\+\./);
    assert.equal(await hookColour(), before, 'colours do not flicker from turn to turn');
    await page.keyboard.press('h');
    await expectText(status, /Open! 7 turns\./);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(status, /Turn 6/);
    await page.keyboard.press('x');
    await expectText(status, /Open! 7 turns\./);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectText(status, /Turn 0\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows blockages and the on-screen pads move the tools', async () => {
    const { page, errors } = await web.open('/intricacy');
    // The hook starts against the frame on its west: a push west is resisted.
    await page.getByRole('button', { name: 'Hook W', exact: true }).click();
    await expectText(page.getByRole('list', { name: 'Blockages' }), /resisted/);
    assert.ok((await page.locator('.arrow.orange').count()) > 0, 'the blocked force is drawn');
    await page.getByRole('button', { name: 'Blockages' }).click();
    assert.equal(await page.locator('.arrow.orange').count(), 0);
    await page.getByRole('button', { name: 'Hook E', exact: true }).click();
    await expectText(page.locator('.status'), /Turn 2, last hE\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens a lock file, and explains a broken one by line and column', async () => {
    const { page, errors } = await web.open('/intricacy');
    await page.locator('input[type=file]').setInputFiles({
      name: 'broken.lock',
      mimeType: 'text/plain',
      buffer: Buffer.from('intricacy lock size 4\n  # # ?\n'),
    });
    await expectText(page.getByRole('alert'), /broken\.lock: .*line \d+/);
    await page.getByLabel('Lock', { exact: true }).selectOption('tutorial/maze');
    await expectText(page.locator('.status'), /Turn 0\./);
    assert.ok((await page.locator('.piece.wrench').count()) === 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
