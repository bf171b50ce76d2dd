/**
 * Every board for people who cannot see it: moves typed in the game's notation, a live line that
 * announces each move, and the position in words as the board's description.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { cellName, cellsOf, sigmar, solve } from '../src/games/sigmar/index.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

/** Type a move in the page's move box and play it. */
async function typeMove(page: Page, move: string, box = 'Type a move'): Promise<void> {
  await page.getByLabel(box, { exact: true }).fill(move);
  await page.getByLabel(box, { exact: true }).press('Enter');
}

/** The text of whatever the board names as its description. */
async function boardDescription(page: Page, board: string): Promise<string> {
  const id = await page.locator(board).first().getAttribute('aria-describedby');
  assert.ok(id, `${board} has no description`);
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

describe('accessible boards: typed moves and spoken moves on the local pages', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it('Atom-4: a typed move is played and announced; a refused one is explained', async () => {
    const context = await web.browser.newContext();
    await context.addInitScript(
      `localStorage.setItem('tessera.atom4.setup', '{"opponent":"person","you":1,"level":2,"rounds":3}')`,
    );
    const page = await context.newPage();
    await page.goto(new URL('/atom4', web.base).href);
    const announce = page.locator('.announce');
    await expectText(announce, /^Player 1 to play red\.$/);
    await typeMove(page, '8,6');
    await expectText(announce, /^Player 1 played 8,6, changing \d+ pieces?\. Player 2 to play yellow\.$/);
    assert.match(await boardDescription(page, '.board-wrap'), /red at 8,6/);
    await typeMove(page, '20,3');
    await expectText(page.getByRole('alert'), /\(20,3\) is off the board/);
    await typeMove(page, '0,0');
    await expectText(page.getByRole('alert'), /.+/);
    // Nothing was played: the last move is still the first one.
    await expectText(announce, /^Player 1 played 8,6, /);
    assert.equal(await page.locator('.vertex.last').getAttribute('data-cell'), '8,6');
    await context.close();
  });

  it('Atom-4: "next" typed after a round the computer won starts the next round, as the button does', async () => {
    // Round 1, won by player 2 (the computer) with its 16th move.
    const moves = '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' ');
    const setup = { opponent: 'computer', you: 1, level: 0, rounds: 3 };
    const context = await web.browser.newContext();
    await context.addInitScript(
      `localStorage.setItem('tessera.atom4.game', ${JSON.stringify(JSON.stringify({ setup, moves }))})`,
    );
    const page = await context.newPage();
    await page.goto(new URL('/atom4', web.base).href);
    await expectText(page.locator('.announce'), /Player 2 WINS!!/);
    await typeMove(page, 'next');
    await expectText(page.locator('p.meta', { hasText: 'Round' }), /Round 2 of 3/);
    assert.equal(await page.getByRole('alert').count(), 0);
    await context.close();
  });

  it('Warp and Weft: typed claims and switches are played and announced; a refused one is explained', async () => {
    const context = await web.browser.newContext();
    await context.addInitScript(
      `localStorage.setItem('tessera.warpweft.setup', '{"size":4,"variant":"thread","opponent":"human","youFirst":true,"thinkMs":200}')`,
    );
    const page = await context.newPage();
    await page.goto(new URL('/warpweft', web.base).href);
    const announce = page.locator('.announce');
    await typeMove(page, 'A7');
    await expectText(announce, /^Warp \(Vert\) played A7\. Weft \(Horz\) to move, Threading\.$/);
    await typeMove(page, 'A7');
    await expectText(page.getByRole('alert'), /^You cannot claim that piece: it is already claimed/);
    await typeMove(page, 'G3');
    await typeMove(page, 'patches');
    await expectText(announce, /^Warp \(Vert\) played patches\. Weft \(Horz\) to move, Threading\.$/);
    assert.match(
      await boardDescription(page, '.board-wrap'),
      /Warp \(Vert\), Patching, holds A7\. Weft \(Horz\), Threading, holds G3\./,
    );
    await context.close();
  });

  it("Sigmar's Garden: a typed pair is removed and announced; a blocked marble is explained", async () => {
    const { page } = await web.open('/sigmar?seed=7');
    const options = sigmar.parseOptions({});
    assert.ok(options.ok);
    const first = solve(cellsOf(sigmar.setup(options.value, 7))).solution[0];
    assert.ok(first);
    const names = first.map(cellName);
    await typeMove(page, names.join(' '));
    const announce = page.locator('.announce');
    await expectText(
      announce,
      new RegExp(`^Removed \\w+ ${names[0]}( and \\w+ ${names[1]})?\\. 5[34] marbles left\\.$`),
    );
    assert.match(await boardDescription(page, 'svg.garden'), /^5[34] marbles, \d+ free: /);
    // F6 is the middle of the board: never free at the start.
    await typeMove(page, 'F6 F5');
    await expectText(page.getByRole('alert'), /.+/);
    await typeMove(page, 'Z9');
    await expectText(page.getByRole('alert'), /^"z9" is not a cell/);
    await page.close();
  });

  it('Intricacy: typed moves are announced, and the lock is given in its text format', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    await page.getByText('Type moves').click();
    await page.getByLabel('Moves to play').fill('hE');
    await page.getByLabel('Moves to play').press('Enter');
    await expectText(page.locator('.announce'), /^Turn 1, last hE\.$/);
    assert.match(await boardDescription(page, 'svg.lock'), /^intricacy lock size \d+\n/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('accessible boards: online games', () => {
  let server: ServerProcess;
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    server = await startServer({});
  });
  after(async () => {
    await server?.kill();
    await web?.close();
  });

  it('a typed move on an online board is announced to the player and to a watcher', async () => {
    const ann = await account(server.url, 'ann');
    await account(server.url, 'bob');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'] },
      ann,
    );
    assert.equal(made.status, 201, made.body.error);
    const context = await web.browser.newContext();
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'ann', token: ann }))})`,
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/game/${made.body.id}`);
    const watcher = await web.browser.newPage();
    await watcher.goto(`${server.url}/game/${made.body.id}`);
    await expectText(page.locator('.announce'), /^Your move\./);
    await typeMove(page, '8,6', 'Move');
    await expectText(page.locator('.announce'), /^Move 1: 8,6\. bob to move\.$/);
    await expectText(watcher.locator('.announce'), /^Move 1: 8,6\. bob to move\.$/);
    assert.match(await boardDescription(watcher, '.board-wrap'), /red at 8,6/);
    await context.close();
    await watcher.close();
  });
});
