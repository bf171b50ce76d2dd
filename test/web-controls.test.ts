import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startRelay } from './relay.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, logIn } from './web-preview.ts';

describe('browser client controls: touch targets, the login box, the connection message', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('on a phone every button and select is at least 44 px each way', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const path of ['/', '/sigmar?seed=5', '/atom4', '/warpweft', '/intricacy']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('button').first().waitFor();
      const small = await page.evaluate(`[...document.querySelectorAll('button, select')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.height < 44 || r.width < 44))
        .map(({ el, r }) => (el.getAttribute('aria-label') || el.textContent.trim()) + ' ' +
          Math.round(r.width) + 'x' + Math.round(r.height))`);
      assert.deepEqual(small, [], `too small for a finger on ${path}`);
    }
    await context.close();
  });

  it('on a phone the top bar shows every game link and its menus whole, logged in with a long name', async () => {
    await account(server.url, 'maximiliana');
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await logIn(page, 'maximiliana');
    // Whole: both ends of each are on screen, and not under something else or scrolled away.
    const cut =
      await page.evaluate(`[...document.querySelectorAll('.topbar nav a, .topbar .account > *, .topbar select')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const y = (r.top + r.bottom) / 2;
        return [r.left + 2, r.right - 2].some((x) => !el.contains(document.elementFromPoint(x, y)));
      })
      .map((el) => el.getAttribute('aria-label') || el.textContent.trim())`);
    assert.deepEqual(cut, [], 'cut off at the screen edge');
    const lines =
      (await page.evaluate(`[...document.querySelectorAll('.topbar nav a, .topbar .account > *, .topbar select, .topbar .brand')]
      .map((el) => { const r = el.getBoundingClientRect(); return (r.top + r.bottom) / 2; })
      .sort((a, b) => a - b)
      .filter((y, i, ys) => i === 0 || y - ys[i - 1] > 22).length`)) as number;
    assert.ok(lines <= 2, `the top bar takes ${lines} lines`);
    await context.close();
  });

  it('Esc closes the login box and gives the keyboard back to its button', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    const toggle = page.getByRole('button', { name: 'Log in', expanded: false });
    await toggle.click();
    await page.getByLabel('User id').fill('someone');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('form.login').count(), 0, 'the box is closed');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate('document.activeElement?.textContent'), 'Log in');
    await page.close();
  });

  it('the message that a move could not be sent goes when the connection is back', async () => {
    const relay = await startRelay(server.url);
    try {
      const kim = await account(server.url, 'kim');
      await account(server.url, 'lex');
      const made = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['kim', 'lex'], options: { size: 2 } },
        kim,
      );
      assert.equal(made.status, 201);
      const page: Page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${relay.url}/`);
      await logIn(page, 'kim');
      await page.goto(`${relay.url}/game/${made.body.id}`);
      await expectText(page.locator('.status'), /Your move\./);

      relay.cut();
      await expectText(page.locator('.status'), /reconnecting/);
      await page.locator('[data-piece="A7"]').click();
      await expectText(page.getByRole('alert'), /Not connected to the server/);
      relay.restore();
      await expectText(page.locator('.status'), /^Your move\.\s*$/);
      assert.equal(await page.getByRole('alert').count(), 0, 'no stale message once connected');
      // And the move goes through now.
      await page.locator('[data-piece="A7"]').click();
      await expectText(page.locator('.status'), /lex to move\./);
      await page.close();
    } finally {
      await relay.close();
    }
  });
});
