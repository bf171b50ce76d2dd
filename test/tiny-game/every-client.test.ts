/**
 * Tiny Nim, a game that exists only under test/tiny-game/, played through the server, the PBeM
 * commands and the browser's lobby and game page. Nothing outside its folder names it: the server
 * is given it, and the browser client is built with it added.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { call, TESSERA } from '../support.ts';
import { expectText } from '../web-preview.ts';
import { buildTinyWeb, startTinyServer } from './server.ts';

const run = promisify(execFile);

describe('a game added outside the source tree, played by every client', () => {
  let server: Awaited<ReturnType<typeof startTinyServer>>;
  let browser: Browser;
  before(async () => {
    await buildTinyWeb();
    server = await startTinyServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const pbm = async (...args: string[]) => {
    const r = await call(server.url, 'POST', '/api/pbm', { args });
    return { ok: r.status === 200, text: r.body.text as string };
  };

  it('is played over PBeM commands, by its title, to the end', async () => {
    assert.match((await pbm('help')).text, /Games: .*TinyNim/);
    assert.match((await pbm('signup', 'ann', 'annpass1')).text, /Welcome, ann/);
    assert.match((await pbm('signup', 'bob', 'bobpass1')).text, /Welcome, bob/);
    const made = await pbm('TinyNim', 'challenge', '-counters=5', 'ann', 'bob', 'annpass1');
    assert.ok(made.ok, made.text);
    const board = /game (\d+) created/.exec(made.text)?.[1] as string;
    assert.match(made.text, /ooooo {2}5 of 5 left/);
    assert.match(
      (await pbm('TinyNim', 'move', board, 'ann', 'annpass1', '3#1')).text,
      /ann played 3 as move 1/,
    );
    const refused = await pbm('TinyNim', 'move', board, 'bob', 'bobpass1', '3#2');
    assert.equal(refused.ok, false);
    assert.match(refused.text, /only 2 counters left/);
    const won = await pbm('TinyNim', 'move', board, 'bob', 'bobpass1', '2#2');
    assert.match(won.text, /bob played 2 as move 2/);
    assert.match(won.text, /took the last counter/);
    // The command line speaks the same language to a server whose games it has never heard of.
    const shown = await run(process.execPath, [
      TESSERA,
      'pbm',
      '--server',
      server.url,
      'TinyNim',
      'show',
      board,
    ]);
    assert.match(shown.stdout, /\(empty\) {2}0 of 5 left/);
  });

  it('is challenged from the web lobby and won on its game page against the computer', async () => {
    const login = await call(server.url, 'POST', '/api/login', { user: 'ann', password: 'annpass1' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'ann', token: login.body.token }))})`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/`);
    await page.getByLabel('Game', { exact: true }).selectOption({ label: 'Tiny Nim' });
    await page.getByLabel('Opponent', { exact: true }).fill('computer');
    await page.getByRole('button', { name: 'Challenge' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    await expectText(page.locator('h1'), /^Tiny Nim #\d+$/);
    await expectText(page.locator('.status'), /Your move\./);
    await expectText(page.locator('.side'), /7 counters left/);
    // The game's own stylesheet came with it.
    assert.equal(
      await page.evaluate("getComputedStyle(document.querySelector('.tiny-pile')).letterSpacing"),
      '3px',
    );
    // A typed move; the perfect computer answers 4 left with 1.
    await page.getByLabel('Move', { exact: true }).fill('3');
    await page.getByLabel('Move', { exact: true }).press('Enter');
    await expectText(page.locator('.side'), /3 counters left/);
    await expectText(page.locator('.status'), /Your move\./);
    assert.deepEqual(await page.locator('.moves li').allTextContents(), ['3', '1']);
    // The game's own button.
    await page.getByRole('button', { name: 'Take 3' }).click();
    await expectText(page.locator('.status'), /Game over: ann wins: took the last counter\./);
    await expectText(page.locator('.text-board'), /\(empty\) {2}0 of 7 left/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
