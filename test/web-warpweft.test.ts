import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { launchBrowser } from './browser.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));

describe('browser client: Warp and Weft', () => {
  let server: PreviewServer;
  let browser: Browser;
  let base: string;

  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await preview({
      configFile: config,
      preview: { port: 0, strictPort: false },
      logLevel: 'error',
    });
    base = server.resolvedUrls?.local[0] ?? '';
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
  });

  async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(new URL(path, base).href);
    return { page, errors };
  }

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

async function assertText(locator: import('playwright-core').Locator, pattern: RegExp): Promise<void> {
  const end = Date.now() + 10_000;
  let text = '';
  while (Date.now() < end) {
    text = (await locator.textContent()) ?? '';
    if (pattern.test(text)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.match(text, pattern);
}
