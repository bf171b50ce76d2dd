import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectText as assertText, startWeb, type WebFixture } from './web-preview.ts';

describe('browser client: Warp and Weft', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());
  const open = (path: string, width?: number) => web.open(path, width);

  it('plays a two-person game by clicking pieces, with every refusal explained', async () => {
    const { page, errors } = await open('/warpweft');
    await page.getByLabel('Size', { exact: true }).selectOption('2');
    await page.getByLabel('Opponent').selectOption('human');
    await page.getByRole('button', { name: 'Start' }).click();
    const status = page.locator('.status');
    await assertText(status, /Warp \(Vert\) to move, Threading/);
    // A patch cannot be claimed while Threading: the reason is shown and nothing changes.
    await page.locator('[data-piece="B6"]').click();
    await assertText(page.getByRole('alert'), /B6: it is a patch and you are Threading/);
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');
    for (const move of moves) {
      if (move === 'patches') await page.getByRole('button', { name: 'Switch to patches' }).click();
      else await page.locator(`[data-piece="${move}"]`).click();
    }
    await assertText(status, /Warp \(Vert\) wins: Warp \(Vert\) connected their sides\./);
    assert.equal(await page.locator('.moves li').count(), moves.length);
    assert.match((await page.locator('[data-piece="B2"]').getAttribute('class')) ?? '', /\bwarp\b/);
    // Undo takes the winning move back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await assertText(status, /Warp \(Vert\) to move, Patching/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('lets the computer answer, from a web worker, and keeps the setup across visits', async () => {
    const { page, errors } = await open('/warpweft');
    await page.getByLabel('Size', { exact: true }).selectOption('3');
    await page.getByLabel('Opponent').selectOption('bot');
    await page.getByLabel('Computer thinks').selectOption('200');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('[data-piece="A11"]').click();
    await assertText(page.locator('.status'), /Warp \(Vert\) \(you\) to move/);
    assert.equal(await page.locator('.moves li').count(), 2, 'the computer replied');
    await page.reload();
    assert.equal(await page.getByLabel('Size', { exact: true }).inputValue(), '3');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('gives a finger on a phone targets of two cells: a tap near a claimable piece takes it', async () => {
    const { context, page, errors } = await web.openPhone('/warpweft');
    await page.getByLabel('Opponent').selectOption('human');
    await page.getByLabel('Size', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Start' }).click();
    // Patch B6 sits right of the bottom cell of thread A7, Warp's to claim while Threading.
    const cell = await page.locator('[data-piece="B6"] .hit').boundingBox();
    assert.ok(cell);
    // A piece's reach is its cell and most of the next: two cells across, 40 px or near it on a phone.
    assert.ok(2 * cell.width >= 38, `cells are ${cell.width.toFixed(1)}px: too small for a finger`);
    // A finger landing on the patch, a little left of its middle, means the thread beside it.
    await page.touchscreen.tap(cell.x + cell.width * 0.2, cell.y + cell.height / 2);
    await assertText(page.locator('.status'), /Weft \(Horz\) to move/);
    assert.match((await page.locator('[data-piece="A7"]').getAttribute('class')) ?? '', /\bwarp\b/);
    assert.equal(await page.getByRole('alert').count(), 0);
    // A mouse is precise: the same spot names the patch, which is refused with the reason.
    await page.mouse.click(cell.x + cell.width * 0.2, cell.y + cell.height / 2);
    await assertText(page.getByRole('alert'), /B6: it is a patch and you are Threading/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('fits a phone screen and is playable from the keyboard', async () => {
    const { page, errors } = await open('/warpweft', 390);
    await page.getByLabel('Opponent').selectOption('human');
    await page.getByLabel('Size', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'Start' }).click();
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    assert.ok(width <= 390, `no sideways scrolling (page is ${width}px wide)`);
    await page.getByRole('application').focus();
    // The cursor starts in the middle; walk to a vertical thread and claim it with Enter.
    for (const key of ['ArrowLeft', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
    await assertText(page.locator('.status'), /Weft \(Horz\) to move/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
