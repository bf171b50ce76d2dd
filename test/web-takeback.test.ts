import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, signedUpPerson } from './web-preview.ts';

describe('browser client: a takeback both players agree to, a preview, then a rematch', () => {
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

  const person = (user: string) => signedUpPerson(browser, server.url, user);

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

    // A watcher, not logged in, previews ann's A7: the board changes, the game does not.
    const watcher = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const watcherErrors: string[] = [];
    watcher.on('pageerror', (e) => watcherErrors.push(e.message));
    await watcher.goto(gameUrl);
    await expectText(watcher.locator('.status'), /ann to move\./);
    assert.equal(await watcher.getByRole('button', { name: 'Move', exact: true }).count(), 0);
    const liveBoard = await watcher.locator('.board-wrap').innerHTML();
    await watcher.getByLabel('Move', { exact: true }).fill('A7');
    await watcher.getByRole('button', { name: 'Preview' }).click();
    await expectText(watcher.locator('.preview'), /Preview after A7 — not played/);
    assert.notEqual(await watcher.locator('.board-wrap').innerHTML(), liveBoard);
    assert.equal(await watcher.locator('.moves li').count(), 0);
    await expectText(watcher.locator('.status'), /ann to move\./);
    const shown = await fetch(`${server.url}/api/games/${gameUrl.split('/').at(-1)}`);
    assert.equal(((await shown.json()) as { moveCount: number }).moveCount, 0);
    await watcher.getByRole('button', { name: 'Back to the live position' }).click();
    assert.equal(await watcher.locator('.preview').count(), 0);
    assert.equal(await watcher.locator('.board-wrap').innerHTML(), liveBoard);
    // A move the rules refuse is refused with their reason.
    await watcher.getByLabel('Move', { exact: true }).fill('Z99');
    await watcher.getByRole('button', { name: 'Preview' }).click();
    await expectText(watcher.locator('.error'), /no column Z/);
    assert.equal(await watcher.locator('.preview').count(), 0);
    assert.deepEqual(watcherErrors, []);

    // Over (resigned before every player moved: void); either player may ask for a rematch.
    await ann.page.getByRole('button', { name: 'Resign' }).click();
    await ann.page.getByRole('button', { name: 'Yes, resign' }).click();
    await ann.page.getByRole('button', { name: 'Rematch' }).click();
    await ann.page.waitForURL((url) => url.href !== gameUrl && /\/game\/\d+$/.test(url.pathname));
    await expectText(ann.page.locator('.status'), /bob to move\./);
    // The rematch is rated too: each player with their current rating.
    assert.match(
      (await ann.page.locator('.players').textContent()) ?? '',
      /bob 1500\?[\s\S]*ann 1500\? \(you\)/,
    );
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  });
});
