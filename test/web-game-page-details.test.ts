/**
 * Details of the game pages a player notices: the tab names the game and the opponent, a game
 * against the computer offers no chat, a finished game's clock says no time is left to run, the
 * challenge form's time limit is named as it reads, and a Sigmar hint is not shown as an error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

describe('game page details in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};

  async function open(
    user: string | null,
    path: string,
    phone = false,
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext(
      phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    if (user)
      await context.addInitScript(
        `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user, token: tokens[user] }))})`,
      );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  const challenge = async (players: string[], extra: object = {}) => {
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players, ...extra },
      tokens.ann,
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body.id as number;
  };

  /** Ann and `other` each make a move (a rated game from then on), then ann resigns. */
  const bothMoveThenAnnResigns = async (id: number, other: string) => {
    for (const [k, move] of ['8,6', '7,6'].entries()) {
      const by = k ? tokens[other] : tokens.ann;
      const played = await call(server.url, 'POST', `/api/games/${id}/moves`, { move }, by);
      assert.equal(played.status, 200, JSON.stringify(played.body));
    }
    const resigned = await call(server.url, 'POST', `/api/games/${id}/resign`, undefined, tokens.ann);
    assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
  };

  before(async () => {
    await buildWeb();
    server = await startServer({ TESSERA_BOT_MS: '50' });
    browser = await launchBrowser();
    tokens.ann = await account(server.url, 'ann');
    tokens.bob = await account(server.url, 'bob');
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('names the game and the opponent in the tab, for a player and for a watcher', async () => {
    const id = await challenge(['ann', 'bob']);
    const ann = await open('ann', `/game/${id}`);
    await expectText(ann.page.locator('.status'), /Your move\./);
    assert.match(await ann.page.title(), /^(\(\d+\) )?Atom-4 vs bob · Tessera$/);
    const watcher = await open(null, `/game/${id}`);
    await expectText(watcher.page.locator('.status'), /ann to move\./);
    assert.match(await watcher.page.title(), /^Atom-4: ann vs bob · Tessera$/);
    // A watcher is offered no chat and asks for none (no refused request in the console).
    assert.equal(await watcher.page.getByRole('heading', { name: 'Chat' }).count(), 0);
    assert.deepEqual(watcher.errors, []);
    assert.deepEqual(ann.errors, []);
    await ann.page.context().close();
    await watcher.page.context().close();
  });

  it('offers no chat in a game against the computer', async () => {
    const id = await challenge(['ann', 'computer']);
    const { page, errors } = await open('ann', `/game/${id}`);
    await expectText(page.locator('.status'), /Your move\.|computer to move\./);
    assert.match(await page.title(), /^(\(\d+\) )?Atom-4 vs computer · Tessera$/);
    assert.equal(await page.getByRole('heading', { name: 'Chat' }).count(), 0);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows no time left on a finished game’s clock', async () => {
    const id = await challenge(['ann', 'bob'], { timeControl: '3d' });
    const { page } = await open('ann', `/game/${id}`);
    await expectText(page.locator('.side'), /left/);
    await bothMoveThenAnnResigns(id, 'bob');
    await page.reload();
    await expectText(page.locator('.status'), /Game over: bob wins/);
    assert.doesNotMatch((await page.locator('.side').textContent()) ?? '', /\d[dh]( \d+[hm])? left/);
    await page.context().close();
  });

  it('gives every field to type in a finger’s 44 px on a phone', async () => {
    const { page } = await open('ann', '/', true);
    await page.getByLabel('Opponent', { exact: true }).waitFor();
    const fields = await page.locator('input:visible:not([type=checkbox]):not([type=radio])').all();
    assert.ok(fields.length > 0);
    for (const field of fields) {
      const box = await field.boundingBox();
      assert.ok(
        box && box.height >= 44,
        `${await field.evaluate((e) => (e as unknown as { outerHTML: string }).outerHTML.slice(0, 80))}: ${box?.height}px`,
      );
    }
    await page.context().close();
  });

  it('says in a sentence that a rating history of one game is not drawn yet', async () => {
    tokens.cy = await account(server.url, 'cy');
    const id = await challenge(['ann', 'cy']);
    await bothMoveThenAnnResigns(id, 'cy');
    const { page, errors } = await open('cy', '/player/cy');
    await expectText(
      page.locator('.rating-chart'),
      /One rated game so far, from \d+ to \d+: the chart starts with the second\./,
    );
    assert.equal(await page.locator('.rating-chart canvas').count(), 0);
    assert.doesNotMatch((await page.locator('.rating-chart').textContent()) ?? '', /--/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('names the challenge form’s time limit as it reads', async () => {
    const { page } = await open('ann', '/');
    await page.getByRole('combobox', { name: 'Time limit', exact: true }).waitFor();
    await page.context().close();
  });

  it('shows a Sigmar hint as information, not in the error’s colour', async () => {
    const { page } = await open(null, '/sigmar?seed=7');
    await page.getByRole('button', { name: 'Hint' }).click();
    const hint = page.getByText('Try the highlighted marbles.');
    await hint.waitFor({ timeout: 20_000 });
    assert.equal(await hint.getAttribute('class'), 'meta');
    assert.equal(await hint.getAttribute('role'), null);
    await page.context().close();
  });
});
