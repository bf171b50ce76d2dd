/**
 * Notices in the browser across server processes: a challenge made through one process sharing
 * PostgreSQL reaches a browser connected to the other at once, without reloading the page; the
 * title counts the games awaiting your move; news seen elsewhere marks the lobby link.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call } from './support.ts';
import { buildWeb, expectText, logIn } from './web-preview.ts';

/** The page's title, read in the page (the tests are typed without the DOM). */
const titleIs = (page: Page, title: string) =>
  page.waitForFunction(
    (wanted) => (globalThis as unknown as { document: { title: string } }).document.title === wanted,
    title,
  );

describe('notices in the browser, across two server processes on PostgreSQL', {
  skip: skipWithoutPostgres('the browser notice tests'),
}, () => {
  let browser: Browser;
  // The build comes first: the servers serve what it wrote.
  before(async () => {
    await buildWeb();
    browser = await launchBrowser();
  });
  const pair = serverPairOnPostgres('notices');
  after(async () => {
    await browser?.close();
  });

  /** Bob, logged in on the second process, on its lobby. */
  async function bobOnTwo(): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['notifications']);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${pair.two.url}/`);
    await logIn(page, 'bob');
    await expectText(page.locator('.online'), /No games in progress/);
    return { page, errors };
  }

  it('a challenge made through one process reaches a browser on the other without reload', async () => {
    const ann = await account(pair.one.url, 'ann');
    await account(pair.two.url, 'bob');
    const bob = await bobOnTwo();
    assert.equal(await bob.page.title(), 'Tessera');
    // The page knows it is loaded once: a reload would lose this mark.
    await bob.page.evaluate('window.sameLoad = true');

    const sent = Date.now();
    const made = await call(
      pair.one.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['bob', 'ann'] },
      ann,
    );
    assert.equal(made.status, 201);
    const accept = bob.page.getByRole('button', { name: `Accept Atom-4 #${made.body.id} from ann` });
    await accept.waitFor();
    // How long it took, for the log (speed goals are measured by the benchmarks).
    console.log(`challenge seen in the other process's browser after ${Date.now() - sent} ms`);
    assert.equal(await bob.page.evaluate('window.sameLoad'), true);
    // Bob moves first: one game awaits his move.
    await titleIs(bob.page, '(1) Tessera');

    // Away from the lobby, news marks the lobby link; the lobby clears it.
    await bob.page.getByRole('link', { name: 'Atom-4' }).first().click();
    await call(pair.one.url, 'POST', `/api/games/${made.body.id}/chat`, { text: 'your move, bob' }, ann);
    await expectText(bob.page.locator('.topbar .brand'), /Tessera\s*1/);
    // The mark says what happened, not only how much.
    await expectText(
      bob.page.locator('.topbar .unread'),
      new RegExp(`^1 new: ann in Atom-4 #${made.body.id}: your move, bob$`),
    );
    await bob.page.locator('.topbar .brand').click();
    await bob.page.getByRole('button', { name: /Accept Atom-4/ }).waitFor();
    assert.equal(await bob.page.locator('.topbar .unread').count(), 0);

    // Browser notifications are switched on by a click, and off again.
    await bob.page.getByRole('button', { name: 'Notify me in this browser' }).click();
    await bob.page.getByRole('button', { name: 'Stop browser notifications' }).waitFor();

    // The challenge declined elsewhere leaves the list and the title.
    const bobToken = await account(pair.one.url, 'bob');
    await call(pair.one.url, 'POST', `/api/games/${made.body.id}/decline`, undefined, bobToken);
    await expectText(bob.page.locator('.online'), /No games in progress/);
    await titleIs(bob.page, 'Tessera');
    assert.deepEqual(bob.errors, []);
  });
});
