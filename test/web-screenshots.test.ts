/**
 * Every page at desktop and phone size, against a real server with games in progress: saved as
 * PNGs in test-output/screenshots/ for review, and checked for what a screenshot cannot prove by
 * eye: no script errors, nothing wider than a phone held upright, a name for every control.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from './browser.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));
const OUT = join(ROOT, 'test-output', 'screenshots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Controls a screen reader could not name: no label, text, aria-label or title. */
const UNNAMED_CONTROLS = `[...document.querySelectorAll(
  'button, input, select, textarea, a[href], [role=button], [role=application], svg[role]'
)].filter((el) => {
  const by = el.getAttribute('aria-labelledby');
  const named = (el.getAttribute('aria-label') || '').trim() ||
    (by && document.getElementById(by)?.textContent.trim()) ||
    (el.labels && [...el.labels].map((l) => l.textContent).join('').trim()) ||
    (el.tagName !== 'INPUT' && el.tagName !== 'SELECT' && el.textContent.trim()) ||
    el.getAttribute('title');
  return !named;
}).map((el) => el.outerHTML.slice(0, 120))`;

describe('screenshots of every page at desktop and phone size', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';
  /** Name, address, and what shows once the page has loaded its data. */
  const pages: [string, string, string][] = [];
  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await startServer({ TESSERA_BOT_MS: '50' });
    browser = await launchBrowser();
    mkdirSync(OUT, { recursive: true });
    // Two people with a game of each kind under way, and a finished one for the standings.
    token = await account(server.url, 'ann');
    const bob = await account(server.url, 'bob');
    const ww = await call(
      server.url,
      'POST',
      '/api/games',
      { game: 'warpweft', players: ['ann', 'bob'], options: { size: 4 } },
      token,
    );
    // Threads of both sides and one of Warp's patches.
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6'.split(' ');
    for (const [n, move] of moves.entries()) {
      await call(server.url, 'POST', `/api/games/${ww.body.id}/moves`, { move }, n % 2 === 0 ? token : bob);
    }
    const a4 = await call(server.url, 'POST', '/api/games', { game: 'atom4', players: ['bob', 'ann'] }, bob);
    await call(server.url, 'POST', `/api/games/${a4.body.id}/moves`, { move: '8,6' }, bob);
    const done = await call(
      server.url,
      'POST',
      '/api/games',
      { game: 'atom4', players: ['ann', 'bob'] },
      token,
    );
    // Both play before bob resigns: a game nobody really played is void and not in the standings.
    await call(server.url, 'POST', `/api/games/${done.body.id}/moves`, { move: '8,6' }, token);
    await call(server.url, 'POST', `/api/games/${done.body.id}/moves`, { move: '7,6' }, bob);
    await call(server.url, 'POST', `/api/games/${done.body.id}/resign`, undefined, bob);
    await call(server.url, 'POST', '/api/games', { game: 'warpweft', players: ['bob', 'ann'] }, bob);
    pages.push(
      ['lobby', '/', '.standings'],
      ['warpweft', '/warpweft', '.weave'],
      ['atom4', '/atom4', '.atom4'],
      ['sigmar', '/sigmar?seed=7', '.garden'],
      ['intricacy', '/intricacy', 'h1'],
      ['game-warpweft', `/game/${ww.body.id}`, '.moves li'],
      ['game-atom4', `/game/${a4.body.id}`, '.moves li'],
      ['not-found', '/nowhere', 'h1'],
    );
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  for (const size of SIZES) {
    it(`saves every page at ${size.name} size (${size.width}px): none wider than the screen, every control named`, async () => {
      for (const loggedIn of [false, true]) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          deviceScaleFactor: 1,
          ...(size.name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
        });
        if (loggedIn) {
          await context.addInitScript(
            `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'ann', token }))})`,
          );
        }
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        const list = loggedIn ? pages.filter(([n]) => n === 'lobby' || n.startsWith('game-')) : pages;
        for (const [name, path, ready] of list) {
          await page.goto(`${server.url}${path}`);
          await page.locator(ready).first().waitFor();
          if (loggedIn && name === 'lobby') await page.locator('.challenges').waitFor();
          const file = `${name}${loggedIn ? '-ann' : ''}-${size.name}.png`;
          await page.screenshot({ path: join(OUT, file), fullPage: true });
          const overflow = (await page.evaluate(
            'document.documentElement.scrollWidth - document.documentElement.clientWidth',
          )) as number;
          assert.ok(overflow <= 1, `${file}: the page is ${overflow}px wider than the screen`);
          assert.deepEqual(await page.evaluate(UNNAMED_CONTROLS), [], `${file}: controls without a name`);
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }
});
