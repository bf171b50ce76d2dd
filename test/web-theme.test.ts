/**
 * The colour theme: the system's choice by default, the top bar's menu to override it, kept across
 * reloads, and set before the first paint.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startWeb, type WebFixture } from './web-preview.ts';

const LIGHT_BG = 'rgb(244, 241, 234)';
const DARK_BG = 'rgb(21, 23, 28)';

const background = (page: Page): Promise<string> =>
  page.evaluate('getComputedStyle(document.documentElement).backgroundColor') as Promise<string>;

/** Wait for the page's background (a change of the system's setting reaches the page as an event). */
async function expectBackground(page: Page, colour: string): Promise<void> {
  const script = `getComputedStyle(document.documentElement).backgroundColor === ${JSON.stringify(colour)}`;
  await page.waitForFunction(script, undefined, { timeout: 5000 }).catch(async () => {
    assert.equal(await background(page), colour);
  });
}

describe('browser client: colour theme', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it('follows the system: a dark system gives the dark page, a light one the light page', async () => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(new URL('/', web.base).href);
    await page.locator('.cards').waitFor();
    assert.equal(await background(page), DARK_BG);
    assert.equal(await page.getByLabel('Colour theme').inputValue(), 'system');
    // The system changes its mind while the page is open: the page follows at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await expectBackground(page, LIGHT_BG);
    await context.close();
  });

  it('the menu overrides the system, and the choice survives a reload', async () => {
    const context = await web.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(new URL('/atom4', web.base).href);
    await page.getByLabel('Colour theme').selectOption('light');
    assert.equal(await background(page), LIGHT_BG);
    await page.reload();
    await page.locator('main h1').waitFor();
    assert.equal(await background(page), LIGHT_BG);
    assert.equal(await page.getByLabel('Colour theme').inputValue(), 'light');
    await page.getByLabel('Colour theme').selectOption('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await background(page), DARK_BG);
    // Back to following the system, which is light now.
    await page.getByLabel('Colour theme').selectOption('system');
    await expectBackground(page, LIGHT_BG);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('is set before the first paint: the chosen theme shows even before the client has run', async () => {
    const context = await web.browser.newContext();
    await context.addInitScript(`localStorage.setItem('tessera.theme', '"dark"')`);
    const page = await context.newPage();
    // Only the page, its styles and the theme script load: the client's code never runs.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(new URL('/', web.base).href);
    assert.equal(await page.locator('#root').innerHTML(), '', 'the client did not run');
    assert.equal(await background(page), DARK_BG);
    await context.close();
  });
});
