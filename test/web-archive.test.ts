import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { atom4 } from '../src/games/atom4/index.ts';
import { sigmar } from '../src/games/sigmar/index.ts';
import { launchBrowser } from './browser.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

/** A size-2 Warp and Weft game ann (Warp, first) wins by connecting her sides in 15 moves. */
const WEAVE_WIN = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');

describe('the archive, the replay viewer and the export in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  let won = 0;

  /** Play `moves` in a new game `by` challenges `to` to (ann and bob unless said), over the API. */
  async function playGame(
    gameType: string,
    options: object,
    moves: readonly string[],
    [by, to] = ['ann', 'bob'],
  ): Promise<number> {
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType, players: [by, to], options },
      tokens[by as string],
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const id = made.body.id as number;
    for (const [i, move] of moves.entries()) {
      const mover = tokens[(i % 2 === 0 ? by : to) as string];
      const played = await call(server.url, 'POST', `/api/games/${id}/moves`, { move }, mover);
      assert.equal(played.status, 200, JSON.stringify(played.body));
    }
    return id;
  }

  /** A page logged in as `user`, at `path`, on a desktop or a touch phone. */
  async function open(user: string, path: string, phone = false): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext(
      phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user, token: tokens[user] }))})`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  /** Whether the thread at `cell` on the shown board is ann's (warp). */
  const warpAt = async (page: Page, cell: string) =>
    /\bwarp\b/.test((await page.locator(`[data-piece="${cell}"]`).getAttribute('class')) ?? '');

  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    tokens.ann = await account(server.url, 'ann');
    tokens.bob = await account(server.url, 'bob');
    won = await playGame('warpweft', { size: 2 }, WEAVE_WIN);
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('keeps a finished game in the lobby, naming the players in its result, and opens its replay there', async () => {
    const { page, errors } = await open('ann', '/');
    const recent = page.getByRole('region', { name: 'Recently finished' });
    await expectText(recent, new RegExp(`Warp and Weft #${won}(?!\\d)`));
    await expectText(recent, /bob/);
    await expectText(recent, /Won/);
    await expectText(recent, /ann wins: Warp \(Vert\) connected their sides/);
    await recent.getByRole('link', { name: `Replay Warp and Weft #${won}`, exact: true }).click();
    await page.waitForURL(new RegExp(`/game/${won}$`));
    await expectText(page.locator('.status'), /Game over: ann wins: Warp \(Vert\) connected their sides\./);
    await expectText(page.locator('.replay-caption'), /^Move 15 of 15: B2$/);
    assert.equal(await warpAt(page, 'B2'), true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('steps through the moves with the keys and the buttons, and the address follows', async () => {
    const { page, errors } = await open('bob', `/game/${won}`);
    const caption = page.locator('.replay-caption');
    await expectText(caption, /^Move 15 of 15: B2$/);
    await page.keyboard.press('ArrowLeft');
    await expectText(caption, /^Move 14 of 15: C3$/);
    assert.match(page.url(), new RegExp(`/game/${won}\\?move=14$`));
    assert.equal(await warpAt(page, 'B2'), false, 'the last move is not on the board at move 14');
    await page.keyboard.press('Home');
    await expectText(caption, /^Start of the game \(15 moves\)$/);
    assert.equal(await warpAt(page, 'A7'), false);
    assert.equal(await page.getByRole('button', { name: 'Previous move' }).isDisabled(), true);
    await page.keyboard.press('ArrowRight');
    await expectText(caption, /^Move 1 of 15: A7$/);
    assert.equal(await warpAt(page, 'A7'), true);
    await page.getByRole('button', { name: 'Next move' }).click();
    await expectText(caption, /^Move 2 of 15: G3$/);
    await page.getByRole('button', { name: 'Move 9: patches' }).click();
    await expectText(caption, /^Move 9 of 15: patches$/);
    assert.match(page.url(), /\?move=9$/);
    await page.keyboard.press('End');
    await expectText(caption, /^Move 15 of 15: B2$/);
    assert.equal(await page.getByRole('button', { name: 'Next move' }).isDisabled(), true);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('shows the move number and the step buttons with the whole board at 1280 × 800, without scrolling', async () => {
    // Between two others: ann's and bob's archives are counted below.
    for (const user of ['dan', 'eve']) tokens[user] = await account(server.url, user);
    const atom = await playGame(
      'atom4',
      { rounds: 1 },
      '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' '),
      ['dan', 'eve'],
    );
    for (const [id, at, board] of [
      [won, 9, 'svg.weave'],
      [atom, 10, 'svg.atom4'],
    ] as const) {
      const { page, errors } = await open('ann', `/game/${id}?move=${at}`);
      await expectText(page.locator('.replay-caption'), new RegExp(`^Move ${at} of \\d+: `));
      const seen = async (selector: string) => {
        const box = await page.locator(selector).first().boundingBox();
        assert.ok(box, `${selector} is shown`);
        assert.ok(
          box.y >= 0 && box.y + box.height <= 800,
          `${selector} (${box.y}–${box.y + box.height}) in view`,
        );
      };
      for (const selector of [
        board,
        '.replay-caption',
        '.replay-steps button:first-child',
        '.replay-steps button:last-child',
      ])
        await seen(selector);
      // The move shown is marked where the moves are listed, too.
      const current = page.locator('.replay-move[aria-current="step"]');
      assert.match((await current.getAttribute('aria-label')) ?? '', new RegExp(`^Move ${at}: `));
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('fits every move of the replay’s list in its box, on a desktop and a phone', async () => {
    for (const phone of [false, true]) {
      const { page, errors } = await open('ann', `/game/${won}?move=9`, phone);
      await expectText(page.locator('.replay-caption'), /^Move 9 of 15: patches$/);
      const cut = await page.locator('.replay-moves li').evaluateAll((items) =>
        items
          .map((e) => e as unknown as { textContent: string; scrollWidth: number; clientWidth: number })
          .filter((e) => e.scrollWidth > e.clientWidth)
          .map((e) => `${e.textContent}: ${e.scrollWidth - e.clientWidth} px over`),
      );
      assert.deepEqual(cut, [], phone ? 'on a phone' : 'on a desktop');
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('opens the position a link names, and exports the moves as text', async () => {
    const { page, errors } = await open('bob', `/game/${won}?move=1`);
    await expectText(page.locator('.replay-caption'), /^Move 1 of 15: A7$/);
    assert.equal(await warpAt(page, 'A7'), true);
    assert.equal(await warpAt(page, 'C5'), false);
    assert.equal(
      await page.getByRole('link', { name: 'Link to this position' }).getAttribute('href'),
      `/game/${won}?move=1`,
    );
    const download = page.getByRole('link', { name: 'Download the moves (text)' });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), `tessera-warpweft-${won}.txt`);
    const text = await (await page.request.get(`${server.url}/api/games/${won}/export`)).text();
    assert.match(text, /^Game: +Warp and Weft \(warpweft\)$/m);
    assert.match(text, /^Players: ann \(Warp \(Vert\)\) vs bob \(Weft \(Horz\)\)$/m);
    assert.match(text, /^Result: +ann \(Warp \(Vert\)\) wins: Warp \(Vert\) connected their sides$/m);
    assert.match(text, /^1\. A7 {2}2\. G3 {2}3\. C5/m);
    assert.match(text, /15\. B2\n$/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('steps on a phone with the large buttons and a swipe across the board', async () => {
    const { page, errors } = await open('ann', `/game/${won}?move=5`, true);
    const caption = page.locator('.replay-caption');
    await expectText(caption, /^Move 5 of 15: A3$/);
    await page.getByRole('button', { name: 'Previous move' }).tap();
    await expectText(caption, /^Move 4 of 15: G7$/);
    // A finger drawn across the board from x = fromX to x = toX (the page's own TouchEvents).
    const swipe = (fromX: number, toX: number) =>
      page.evaluate(`(() => {
        const board = document.querySelector('.replay-board');
        const touch = (x) => new Touch({ identifier: 1, target: board, clientX: x, clientY: 300 });
        board.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(${fromX})], changedTouches: [touch(${fromX})] }));
        board.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(${toX})] }));
      })()`);
    await swipe(300, 100);
    await expectText(caption, /^Move 5 of 15: A3$/);
    await swipe(100, 300);
    await swipe(100, 300);
    await expectText(caption, /^Move 3 of 15: C5$/);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    assert.ok(width <= 390, `the replay fits a phone (${width} px wide)`);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('replays Atom-4 on its board and a solo Sigmar’s Garden game on its text board', async () => {
    // Atom-4: four placements, then bob resigns.
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'] },
      tokens.ann,
    );
    const atom = made.body.id as number;
    for (let i = 0; i < 4; i++) {
      const { view } = (await call(server.url, 'GET', `/api/games/${atom}`)).body;
      const move = atom4.formatMove(atom4.legalMoves(view)[0] as never, view);
      const by = i % 2 === 0 ? tokens.ann : tokens.bob;
      assert.equal((await call(server.url, 'POST', `/api/games/${atom}/moves`, { move }, by)).status, 200);
    }
    assert.equal(
      (await call(server.url, 'POST', `/api/games/${atom}/resign`, undefined, tokens.bob)).status,
      200,
    );
    const { page, errors } = await open('ann', `/game/${atom}?move=1`);
    await expectText(page.locator('.status'), /Game over: ann wins: bob \(Player 2 \(blacks\)\) resigned\./);
    await expectText(page.locator('.replay-caption'), /^Move 1 of 4: /);
    const pieces = page.locator('.replay .vertex:not(.empty)');
    const atOne = await pieces.count();
    await page.keyboard.press('ArrowRight');
    await expectText(page.locator('.replay-caption'), /^Move 2 of 4: /);
    assert.equal(await pieces.count(), atOne + 1, 'the second placement is on the board');

    // Sigmar's Garden, played alone: a pair taken, then given up.
    tokens.cy = await account(server.url, 'cy');
    const cy = tokens.cy;
    const solo = await call(server.url, 'POST', '/api/games', { gameType: 'sigmar', players: ['cy'] }, cy);
    const garden = solo.body.id as number;
    const view = solo.body.view as never;
    const pair = sigmar.formatMove(sigmar.legalMoves(view)[0] as never, view);
    assert.equal(
      (await call(server.url, 'POST', `/api/games/${garden}/moves`, { move: pair }, cy)).status,
      200,
    );
    assert.equal((await call(server.url, 'POST', `/api/games/${garden}/resign`, undefined, cy)).status, 200);
    await page.goto(`${server.url}/game/${garden}`);
    await expectText(
      page.locator('.replay-caption'),
      new RegExp(`^Move 1 of 1: ${pair.replace('+', '\\+')}$`),
    );
    await expectText(page.locator('.status'), /Game over: cy lost: cy \(.*\) resigned\./);
    const after = await page.locator('.replay .text-board').textContent();
    await page.keyboard.press('Home');
    await expectText(page.locator('.replay-caption'), /^Start of the game \(1 move\)$/);
    assert.notEqual(await page.locator('.replay .text-board').textContent(), after, 'the pair is back');
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('lists a player’s finished games a page at a time, newest first, with another game’s replay', async () => {
    // Enough short games (bob resigns after a move each) to need a second page.
    for (let i = 0; i < 20; i++) {
      const id = await playGame('warpweft', { size: 2 }, ['A7', 'G3']);
      await call(server.url, 'POST', `/api/games/${id}/resign`, undefined, tokens.bob);
    }
    const { page, errors } = await open('ann', '/games');
    await expectText(page.getByRole('heading', { level: 1 }), /^Your finished games$/);
    const rows = page.locator('.archive-table tbody tr');
    await expectText(rows.first(), /Won/);
    assert.equal(await rows.count(), 20);
    await expectText(rows.first(), /ann wins: bob \(Weft \(Horz\)\) resigned/);
    // Older: the Atom-4 game of the test before, then the first game.
    await page.getByRole('button', { name: 'Older games' }).click();
    await rows.nth(21).waitFor();
    await expectText(rows.nth(20), /Atom-4 #\d+/);
    await expectText(rows.nth(21), new RegExp(`Warp and Weft #${won}(?!\\d)`));
    assert.equal(await rows.count(), 22);
    assert.equal(await page.getByRole('button', { name: 'Older games' }).count(), 0);
    await page.getByLabel('Finished games of').selectOption({ label: 'Atom-4' });
    await expectText(page.locator('.archive-table'), /^GameOpponentResultEndedAtom-4 #\d+bobWon/);
    assert.equal(await rows.count(), 1);
    const cy = await open('cy', '/games');
    await expectText(cy.page.locator('.archive-table tbody'), /^Sigmar.s Garden #\d+\(solo\)Lost cy lost: /);
    await open('ann', '/games?user=nobody').then(async (other) => {
      await expectText(other.page.locator('.archive'), /nobody has no finished games yet\./);
      await other.page.context().close();
    });
    await cy.page.context().close();
    // Of one game only: the first game is on its second page again.
    await page.getByLabel('Finished games of').selectOption({ label: 'Warp and Weft' });
    await rows.nth(19).waitFor();
    await page.getByRole('button', { name: 'Older games' }).click();
    await page.getByRole('link', { name: `Replay Warp and Weft #${won}`, exact: true }).click();
    await expectText(page.locator('.replay-caption'), /^Move 15 of 15: B2$/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
