import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './support.ts';
import { expectText } from './web-preview.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));

describe('browser client against the server: accounts, challenges, live games', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await startServer({ TESSERA_BOT_MS: '100' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  /** A separate browser profile per person, so each has their own session. */
  async function person(user: string): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('User id').fill(user);
    await page.getByLabel('Password').fill('pass1234');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectText(page.locator('.account .who'), new RegExp(user));
    return { page, errors };
  }

  it('two people play Warp and Weft live: moves appear on the other screen, refusals are explained', async () => {
    const ann = await person('ann');
    const bob = await person('bob');
    await ann.page.getByLabel('Opponent', { exact: true }).fill('bob');
    await ann.page.getByLabel('Size', { exact: true }).selectOption('2');
    await ann.page.getByRole('button', { name: 'Challenge' }).click();
    await ann.page.waitForURL(/\/game\/\d+$/);
    const gameUrl = ann.page.url();
    await expectText(ann.page.locator('.status'), /Your move\./);

    // Bob finds the game in his lobby and opens it.
    await bob.page.reload();
    await bob.page.getByRole('link', { name: /Warp and Weft #\d+: ann vs bob/ }).click();
    await expectText(bob.page.locator('.status'), /ann to move\./);

    await ann.page.locator('[data-piece="A7"]').click();
    await expectText(ann.page.locator('.status'), /bob to move\./);
    await expectText(bob.page.locator('.status'), /Your move\./);
    assert.match((await bob.page.locator('[data-piece="A7"]').getAttribute('class')) ?? '', /\bwarp\b/);

    // A move the rules refuse is explained and never sent.
    await bob.page.locator('[data-piece="B6"]').click();
    await expectText(bob.page.getByRole('alert'), /patch and you are Threading/);
    await bob.page.locator('[data-piece="G3"]').click();
    await expectText(ann.page.locator('.status'), /Your move\./);
    assert.equal(await ann.page.locator('.moves li').count(), 2);

    // Anyone may watch: a third visitor, not logged in, sees the position.
    const watcher = await browser.newPage();
    await watcher.goto(gameUrl);
    await expectText(watcher.locator('.moves'), /A7\s*G3/);
    await watcher.close();
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  });

  it('the computer answers a challenge', async () => {
    const cat = await person('cat');
    await cat.page.getByLabel('Opponent', { exact: true }).fill('computer');
    await cat.page.getByLabel('Size', { exact: true }).selectOption('3');
    await cat.page.getByRole('button', { name: 'Challenge' }).click();
    await cat.page.waitForURL(/\/game\/\d+$/);
    await cat.page.locator('[data-piece="A11"]').click();
    await expectText(cat.page.locator('.moves'), /A11\s*\w+/, 15_000);
    await expectText(cat.page.locator('.status'), /Your move\./);
    // If the computer swapped, cat now plays Weft: the seat names follow the position.
    const moves = (await cat.page.locator('.moves').textContent()) ?? '';
    await expectText(
      cat.page.locator('.players'),
      moves.includes('swap') ? /Weft \(Horz\): cat/ : /Warp \(Vert\): cat/,
    );
    assert.deepEqual(cat.errors, []);
  });

  it('plays Atom-4 online against the computer on the triangular board', async () => {
    const dan = await person('dan');
    await dan.page.getByLabel('Game', { exact: true }).selectOption('atom4');
    await dan.page.getByLabel('Opponent', { exact: true }).fill('computer');
    await dan.page.getByRole('button', { name: 'Challenge' }).click();
    await dan.page.waitForURL(/\/game\/\d+$/);
    await expectText(dan.page.locator('.status'), /Your move\./);
    await dan.page.locator('[data-cell="3,3"]').click();
    await expectText(dan.page.getByRole('alert'), /You can't put a marble here/);
    await dan.page.locator('[data-cell="8,6"]').click();
    await expectText(dan.page.locator('.moves'), /8,6\s*\d+,\d+/, 15_000);
    await expectText(dan.page.locator('.status'), /Your move\./);
    assert.deepEqual(dan.errors, []);
  });
});
