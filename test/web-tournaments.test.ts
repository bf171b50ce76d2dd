/**
 * The tournament pages in the browser: a player creates a round robin with the form and enters it,
 * three others enter, and the page shows the standings, the crosstable and the rounds, each game
 * linked to its replay; saved at desktop and phone size in both themes (test-output/screenshots/)
 * with nothing wider than the screen.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const PLAYERS = ['ann', 'bob', 'cat', 'dan'];

describe('the tournament pages in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  let id = 0;

  async function open(
    user: string | null,
    path: string,
    { phone = false, dark = false } = {},
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({
      ...(phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } }),
      colorScheme: dark ? 'dark' : 'light',
    });
    if (user)
      await context.addInitScript(
        `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user, token: tokens[user] }))})`,
      );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    mkdirSync(OUT, { recursive: true });
    for (const user of PLAYERS) tokens[user] = await account(server.url, user);
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('creates a round robin with the form, enters it, and shows standings, crosstable and replays', async () => {
    const { page, errors } = await open('ann', '/tournaments');
    const form = page.getByRole('form', { name: 'Create a tournament' });
    await form.getByLabel('Name').fill('Autumn cup');
    await form.getByLabel('Game').selectOption('atom4');
    await form.getByLabel('Players').fill('4');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    id = Number(/(\d+)$/.exec(page.url())?.[1]);
    await expectText(page.locator('main h1'), /Autumn cup/);
    await page.getByRole('button', { name: 'Enter' }).click();
    await expectText(page.locator('main'), /Entrants \(1\/4\): ann/);
    await page.getByRole('button', { name: 'Leave' }).waitFor();
    for (const user of PLAYERS.slice(1)) {
      const joined = await call(server.url, 'POST', `/api/tournaments/${id}/join`, undefined, tokens[user]);
      assert.equal(joined.status, 200, JSON.stringify(joined.body));
    }
    // One game decided: both move, then the second player resigns.
    const t = (await call(server.url, 'GET', `/api/tournaments/${id}`)).body;
    const board = t.boards[0];
    await call(server.url, 'POST', `/api/games/${board.gameId}/moves`, { move: '8,6' }, tokens[board.first]);
    await call(server.url, 'POST', `/api/games/${board.gameId}/moves`, { move: '7,6' }, tokens[board.second]);
    await call(server.url, 'POST', `/api/games/${board.gameId}/resign`, undefined, tokens[board.second]);

    await page.reload();
    const standings = page.getByRole('table', { name: 'Standings' });
    await expectText(standings, new RegExp(`1\\s*${board.first}\\s*1\\s*1`));
    const cross = page.getByRole('table', { name: /Crosstable/ });
    const won = cross.getByRole('link', {
      name: new RegExp(`^${board.first} against ${board.second}, round 1: 1$`),
    });
    assert.equal(await won.getAttribute('href'), `/game/${board.gameId}`);
    await page
      .getByRole('region', { name: 'Rounds' })
      .getByRole('link', { name: new RegExp(`${board.first} – ${board.second}: 1–0`) })
      .click();
    await page.waitForURL(new RegExp(`/game/${board.gameId}$`));
    assert.deepEqual(errors, []);
  });

  it('lists it, and saves both pages at desktop and phone size in both themes, none wider than the screen', async () => {
    for (const phone of [false, true])
      for (const dark of [false, true])
        for (const [name, path] of [
          ['tournaments', '/tournaments'],
          ['tournament', `/tournaments/${id}`],
        ] as const) {
          const { page, errors } = await open('ann', path, { phone, dark });
          await expectText(page.locator('main'), /Autumn cup/);
          if (name === 'tournaments')
            await expectText(
              page.getByRole('region', { name: 'Under way' }),
              /Atom-4 · round robin · 4\/4 players/,
            );
          const width = await page.evaluate<number>('document.documentElement.scrollWidth');
          assert.ok(width <= (phone ? 390 : 1280), `${name}: ${width}px wide`);
          await page.screenshot({
            path: join(OUT, `${name}-ann-${phone ? 'phone' : 'desktop'}${dark ? '-dark' : ''}.png`),
            fullPage: true,
          });
          assert.deepEqual(errors, []);
          await page.context().close();
        }
  });
});
