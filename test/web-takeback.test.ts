import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './support.ts';
import { expectText } from './web-preview.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));

describe('browser client: a takeback both players agree to, a preview, then a rematch', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

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

  it('takes a move back on both screens, and starts a rematch with the seats swapped', async () => {
    const ann = await person('ann');
    const bob = await person('bob');
    await ann.page.getByLabel('Opponent', { exact: true }).fill('bob');
    await ann.page.getByLabel('Size', { exact: true }).selectOption('2');
    await ann.page.getByRole('button', { name: 'Challenge' }).click();
    await ann.page.waitForURL(/\/game\/\d+$/);
    const gameUrl = ann.page.url();
    await bob.page.goto(gameUrl);
    await ann.page.locator('[data-piece="A7"]').click();
    await expectText(ann.page.locator('.status'), /bob to move\./);
    await expectText(bob.page.locator('.status'), /Your move\./);

    await ann.page.getByRole('button', { name: 'Propose takeback' }).click();
    await expectText(ann.page.locator('.takeback'), /You propose to take back move 1 \(A7\)\./);

    // Bob's screen shows the offer the moment it is made.
    await expectText(bob.page.locator('.takeback'), /ann proposes to take back move 1 \(A7\)\./);
    await bob.page.getByRole('button', { name: 'Accept takeback' }).click();
    await expectText(bob.page.locator('.status'), /ann to move\./);
    // The proposer's screen goes back too, live.
    await expectText(ann.page.locator('.status'), /Your move\./);
    assert.equal(await ann.page.locator('.moves li').count(), 0);
    assert.equal(await ann.page.locator('.takeback').count(), 0);

    // Bob, not to move, previews ann's A7: his board changes, the game does not.
    const liveBoard = await bob.page.locator('.board-wrap').innerHTML();
    await bob.page.getByLabel('Move', { exact: true }).fill('A7');
    await bob.page.getByRole('button', { name: 'Preview' }).click();
    await expectText(bob.page.locator('.preview'), /Preview after A7 — not played/);
    assert.notEqual(await bob.page.locator('.board-wrap').innerHTML(), liveBoard);
    assert.equal(await bob.page.locator('.moves li').count(), 0);
    await expectText(bob.page.locator('.status'), /ann to move\./);
    await bob.page.getByRole('button', { name: 'Back to the live position' }).click();
    assert.equal(await bob.page.locator('.preview').count(), 0);
    assert.equal(await bob.page.locator('.board-wrap').innerHTML(), liveBoard);
    // A move the rules refuse is refused with its reason.
    await bob.page.getByLabel('Move', { exact: true }).fill('Z99');
    await bob.page.getByRole('button', { name: 'Preview' }).click();
    await expectText(bob.page.locator('.error'), /no column Z/);
    assert.equal(await bob.page.locator('.preview').count(), 0);

    // Over (resigned before every player moved: void); either player may ask for a rematch.
    await ann.page.getByRole('button', { name: 'Resign' }).click();
    await ann.page.getByRole('button', { name: 'Yes, resign' }).click();
    await ann.page.getByRole('button', { name: 'Rematch' }).click();
    await ann.page.waitForURL((url) => url.href !== gameUrl && /\/game\/\d+$/.test(url.pathname));
    await expectText(ann.page.locator('.status'), /bob to move\./);
    assert.match((await ann.page.locator('.players').textContent()) ?? '', /bob[\s\S]*ann \(you\)/);
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  });
});
