/**
 * The built web client under the server's security headers: every page works under its Content
 * Security Policy (no violation reported), and a logged-in page's live connection logs in with an
 * auth frame instead of putting the session token in the WebSocket's address.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './support.ts';
import { expectText, logIn } from './web-preview.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));

describe('browser client under the security headers', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await startServer({ TESSERA_BOT_MS: '50' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  /** A page that records policy violations, script errors and its WebSockets' addresses and frames. */
  async function watchedPage(): Promise<{
    page: Page;
    problems: string[];
    sockets: string[];
    sent: string[];
  }> {
    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    const sockets: string[] = [];
    const sent: string[] = [];
    await page.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))",
    );
    page.on('console', (m) => {
      if (/Content Security Policy|CSP violation|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('websocket', (ws) => {
      sockets.push(ws.url());
      ws.on('framesent', (f) => sent.push(String(f.payload)));
    });
    return { page, problems, sockets, sent };
  }

  it('sends the headers, and every page loads and runs without a policy violation', async () => {
    const { page, problems } = await watchedPage();
    const home = await page.goto(`${server.url}/`);
    const headers = home?.headers() ?? {};
    assert.match(headers['content-security-policy'] ?? '', /default-src 'self'/);
    assert.equal(headers['x-frame-options'], 'DENY');
    assert.equal(headers['x-content-type-options'], 'nosniff');
    await expectText(page.locator('main'), /Atom-4/);
    for (const path of [
      '/atom4',
      '/sigmar',
      '/warpweft',
      '/intricacy',
      '/intricacy/pick',
      '/intricacy/edit',
      '/intricacy/tutorial',
      '/intricacy/meta',
    ]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForLoadState('networkidle');
      assert.ok(((await page.locator('main').textContent()) ?? '').length > 0, `${path} shows something`);
    }
    // Workers start under the policy too: Sigmar's Garden's hint.
    await page.goto(`${server.url}/sigmar`);
    await page.getByRole('button', { name: /hint/i }).first().click();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, []);
  });

  it('a logged-in game page logs its live connection in with an auth frame, not the address', async () => {
    const { page, problems, sockets, sent } = await watchedPage();
    await page.goto(`${server.url}/`);
    await logIn(page, 'ann', { signUp: true });
    await page.getByLabel('Size', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Challenge' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    await expectText(page.locator('.status'), /Your move\./);
    await page.locator('[data-piece="A7"]').click();
    await expectText(page.locator('.moves'), /A7/);
    assert.ok(sockets.length > 0, 'the page opened a live connection');
    for (const url of sockets) assert.doesNotMatch(url, /token/, url);
    assert.equal(JSON.parse(sent[0] ?? '{}').type, 'auth');
    assert.deepEqual(problems, []);
  });
});
