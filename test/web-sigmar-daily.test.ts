/**
 * The daily board raced in the browser against a real server: a logged-in player opens today's
 * board, takes a hint (counted by the server), clears the board by clicking the solver's
 * solution, is told their place, follows "Today's leaderboard" and finds themselves there, and
 * their profile shows the board cleared and the streak. Screenshots of the race and the
 * leaderboard at desktop and phone size in both themes.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { cellName, cellsOf, DEFAULT_OPTIONS, dailySeed, sigmar, solve } from '../src/games/sigmar/index.ts';
import { launchBrowser } from './browser.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const today = new Date().toISOString().slice(0, 10);

/** Clicks the solver's solution of today's board, removal by removal, as a player would. */
async function clearToday(page: Page): Promise<void> {
  const solution = solve(cellsOf(sigmar.setup(DEFAULT_OPTIONS, dailySeed(today)))).solution;
  for (const removal of solution) {
    for (const cell of removal) await page.locator(`[data-cell="${cellName(cell)}"]`).click();
  }
}

describe('browser client: racing the daily Sigmar board', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';
  before(async () => {
    await buildWeb();
    // A removal a millisecond: the test's clicks are quicker than a hand.
    server = await startServer({ TESSERA_DAILY_MS_PER_REMOVAL: '1' });
    browser = await launchBrowser();
    token = await account(server.url, 'ann');
    mkdirSync(OUT, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  const loggedIn = async (viewport: { width: number; height: number }, dark = false) => {
    const context = await browser.newContext({ viewport, colorScheme: dark ? 'dark' : 'light' });
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'ann', token }))});`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  };

  it('clears today’s board, is told its place, and finds itself on the leaderboard and the profile', async () => {
    const { context, page, errors } = await loggedIn({ width: 1280, height: 900 });
    await page.goto(`${server.url}/sigmar?daily=${today}`);
    await expectText(page.locator('.daily-race'), /clock starts at your first move/);
    // A hint is counted by the server before it shows.
    await page.getByRole('button', { name: 'Hint' }).click();
    await expectText(page.locator('.daily-race'), /Hints so far: 1/);
    const mine = await call(server.url, 'GET', `/api/daily/${today}/mine`, undefined, token);
    assert.equal((mine.body.session as { hints: number }).hints, 1);
    await clearToday(page);
    await expectText(page.locator('.status'), /The garden is clear/);
    await expectText(page.locator('.daily-race'), /You placed 1 of 1: \d+ s, 1 hint\./);
    await page.screenshot({ path: join(OUT, 'sigmar-daily-cleared-desktop.png'), fullPage: true });
    await page.getByRole('link', { name: "Today's leaderboard" }).click();
    await expectText(page.locator('main h1'), new RegExp(`Daily board of ${today}`));
    const row = page.locator('.daily-places tr.mine');
    await expectText(row, /^1ann1 hint\d+ s$/);
    await expectText(page.locator('.daily-week tr.mine'), /^1ann11 hint\d+ s$/);
    // A reload of the cleared board says the result is kept, and sends nothing again.
    await page.goto(`${server.url}/sigmar?daily=${today}`);
    await expectText(page.locator('.daily-race'), /You have cleared this board: \d+ s, 1 hint\./);
    await page.goto(`${server.url}/player/ann`);
    await expectText(
      page.locator('.daily-record'),
      /1 daily Sigmar board cleared; streak 1 day \(best 1\), today’s cleared\./,
    );
    await page.screenshot({ path: join(OUT, 'sigmar-daily-profile-desktop.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('does not time moves made before logging in: the race starts from the board’s start', async () => {
    const bob = await account(server.url, 'bob');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/sigmar?daily=${today}`);
    await expectText(page.locator('.daily-race'), /Log in to race this board/);
    const [first] = solve(cellsOf(sigmar.setup(DEFAULT_OPTIONS, dailySeed(today)))).solution;
    for (const cell of first ?? []) await page.locator(`[data-cell="${cellName(cell)}"]`).click();
    await expectText(page.locator('.status'), /5[34] marbles left/);
    // Logged in now (the page reloads with the game it kept): those moves were not timed.
    await page.evaluate(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'bob', token: bob }))})`,
    );
    await page.reload();
    await expectText(page.locator('.daily-race'), /Try Again to race this board from its start/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectText(page.locator('.daily-race'), /your clock starts at your first move/);
    const mine = await call(server.url, 'GET', `/api/daily/${today}/mine`, undefined, bob);
    assert.equal(mine.body.session, null, 'no race started by the moves before');
    await context.close();
  });

  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    for (const dark of [false, true]) {
      it(`shows the leaderboard at ${size} size in the ${dark ? 'dark' : 'light'} theme, no wider than the screen`, async () => {
        const { context, page, errors } = await loggedIn(viewport, dark);
        await page.goto(`${server.url}/sigmar/daily`);
        await page.locator('.daily-places tr.mine').waitFor();
        const wide = await page.evaluate('document.documentElement.scrollWidth');
        assert.ok((wide as number) <= viewport.width, `${wide} px wide`);
        const name = `sigmar-daily-leaderboard-${size}${dark ? '-dark' : ''}.png`;
        await page.screenshot({ path: join(OUT, name), fullPage: true });
        await page.goto(`${server.url}/sigmar?daily=${today}`);
        await page.locator('.daily-race').waitFor();
        await page.screenshot({
          path: join(OUT, `sigmar-daily-race-${size}${dark ? '-dark' : ''}.png`),
          fullPage: true,
        });
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  }
});
