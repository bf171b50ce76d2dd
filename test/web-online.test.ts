import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { sigmar } from '../src/games/sigmar/index.ts';
import { launchBrowser } from './browser.ts';
import { startRelay } from './relay.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, signedUpPerson } from './web-preview.ts';

describe('browser client against the server: accounts, challenges, live games', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await buildWeb();
    server = await startServer({ TESSERA_BOT_MS: '100' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  const person = (user: string) => signedUpPerson(browser, server.url, user);

  it('two people play Warp and Weft live to the end: moves appear on the other screen, refusals are explained', async () => {
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

    // They play on to the end, each on their own screen; both see the result.
    const rest = 'C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');
    for (const [i, move] of rest.entries()) {
      const mover = i % 2 === 0 ? ann : bob;
      const other = i % 2 === 0 ? bob : ann;
      await expectText(mover.page.locator('.status'), /Your move\./);
      if (move === 'patches') await mover.page.getByRole('button', { name: 'Switch to patches' }).click();
      else await mover.page.locator(`[data-piece="${move}"]`).click();
      if (i < rest.length - 1) await expectText(other.page.locator('.status'), /Your move\./);
    }
    for (const p of [ann, bob]) {
      await expectText(
        p.page.locator('.status'),
        /Game over: ann wins: Warp \(Vert\) connected their sides\./,
      );
    }
    await ann.page.getByRole('link', { name: 'Back to the lobby' }).click();
    const table = ann.page.locator('table', {
      has: ann.page.locator('caption', { hasText: 'Warp and Weft' }),
    });
    await expectText(table, /ann\s*1662\?\s*1\s*1\s*0/);
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  });

  it('a visitor picks a game from the lobby and watches its moves arrive live', async () => {
    const gil = await person('gil');
    const hal = await person('hal');
    await gil.page.getByLabel('Opponent', { exact: true }).fill('hal');
    await gil.page.getByLabel('Size', { exact: true }).selectOption('2');
    await gil.page.getByRole('button', { name: 'Challenge' }).click();
    await gil.page.waitForURL(/\/game\/\d+$/);
    const id = /\/game\/(\d+)$/.exec(gil.page.url())?.[1];

    // The server lists it among the games being played, newest first.
    const live = await call(server.url, 'GET', '/api/games/live?type=warpweft');
    assert.equal(live.status, 200);
    assert.equal(live.body[0]?.id, Number(id));
    assert.equal((await call(server.url, 'GET', '/api/games/live?type=chess')).status, 404);

    // Someone not logged in finds it in the lobby, in a browser profile of their own.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const watcher = await context.newPage();
    const errors: string[] = [];
    watcher.on('pageerror', (e) => errors.push(e.message));
    await watcher.goto(`${server.url}/`);
    await watcher.getByLabel('Games to watch').selectOption('warpweft');
    await watcher.getByRole('link', { name: `Warp and Weft #${id}: gil vs hal` }).click();
    await watcher.waitForURL(new RegExp(`/game/${id}$`));
    await expectText(watcher.locator('.side'), /You are watching/);
    await expectText(watcher.locator('.status'), /gil to move\./);

    await gil.page.locator('[data-piece="A7"]').click();
    await expectText(watcher.locator('.status'), /hal to move\./);
    assert.match((await watcher.locator('[data-piece="A7"]').getAttribute('class')) ?? '', /\bwarp\b/);
    await hal.page.goto(`${server.url}/game/${id}`);
    await expectText(hal.page.locator('.status'), /Your move\./);
    await hal.page.locator('[data-piece="G3"]').click();
    await expectText(watcher.locator('.moves'), /A7\s*G3/);
    // A spectator's click explains and changes nothing.
    await watcher.locator('[data-piece="C5"]').click();
    await expectText(watcher.getByRole('alert'), /not your move/);
    await context.close();
    assert.deepEqual([...errors, ...gil.errors, ...hal.errors], []);
  });

  it('a page that loses its connection says so, reconnects by itself and catches up with the moves it missed', async () => {
    const relay = await startRelay(server.url);
    try {
      const kim = await account(server.url, 'kim');
      const lex = await account(server.url, 'lex');
      const made = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['kim', 'lex'], options: { size: 2 } },
        kim,
      );
      assert.equal(made.status, 201);
      const id = made.body.id as number;
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${relay.url}/game/${id}`);
      await expectText(page.locator('.status'), /kim to move\./);

      relay.cut();
      await expectText(page.locator('.status'), /reconnecting/);
      // Moves made while the page is cut off.
      assert.equal(
        (await call(server.url, 'POST', `/api/games/${id}/moves`, { move: 'A7', moveNo: 1 }, kim)).status,
        200,
      );
      assert.equal(
        (await call(server.url, 'POST', `/api/games/${id}/moves`, { move: 'G3', moveNo: 2 }, lex)).status,
        200,
      );
      await expectText(page.locator('.status'), /kim to move\..*reconnecting/s);

      relay.restore();
      await expectText(page.locator('.moves'), /A7\s*G3/);
      const status = (await page.locator('.status').textContent()) ?? '';
      assert.doesNotMatch(status, /reconnecting/);
      assert.match((await page.locator('[data-piece="A7"]').getAttribute('class')) ?? '', /\bwarp\b/);
      await context.close();
    } finally {
      await relay.close();
    }
  });

  it('a long game lists its latest moves, earlier ones on request, and catches up a long backlog after a lost connection', async () => {
    const relay = await startRelay(server.url);
    try {
      // Sigmar's Garden, a pair removed and put back again and again: as long as one likes.
      const mia = await account(server.url, 'mia');
      const made = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: 'sigmar', players: ['mia'] },
        mia,
      );
      assert.equal(made.status, 201);
      const id = made.body.id as number;
      const view = made.body.view as never;
      const pair = sigmar.formatMove(sigmar.legalMoves(view)[0] as never, view);
      let played = 0;
      const play = async (count: number) => {
        for (const end = played + count; played < end; ) {
          const moves = Array.from({ length: Math.min(32, end - played) }, (_, i) =>
            (played + i) % 2 === 0 ? pair : 'undo',
          );
          assert.equal(
            (await call(server.url, 'POST', `/api/games/${id}/queue`, { moves }, mia)).status,
            200,
          );
          played += moves.length;
        }
      };
      const listed = (page: Page) => page.locator('.moves li');
      const moveCountIs = (page: Page, n: number) =>
        page.waitForFunction(
          // (the tests are type-checked without the DOM's types)
          (n) =>
            (
              globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
            ).document.querySelectorAll('.moves li').length === n,
          n,
          { timeout: 10_000 },
        );
      await play(130);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${relay.url}/game/${id}`);
      await moveCountIs(page, 100);
      assert.equal(await page.locator('.moves').getAttribute('start'), '31', 'numbered from move 31');
      await page.getByRole('button', { name: 'Earlier moves (1 to 30)' }).click();
      await moveCountIs(page, 130);
      assert.equal(await listed(page).first().textContent(), pair);
      assert.equal(await page.getByRole('button', { name: /Earlier moves/ }).count(), 0);

      // More than a page of moves made while the page is cut off comes back page by page.
      relay.cut();
      await expectText(page.locator('.status'), /reconnecting/);
      await play(150);
      relay.restore();
      await moveCountIs(page, 280);
      await expectText(page.locator('.status'), /mia to move\.\s*$/);
      const texts = await listed(page).allTextContents();
      assert.deepEqual(
        texts,
        Array.from({ length: 280 }, (_, i) => (i % 2 === 0 ? pair : 'undo')),
        'every move once, in order',
      );
      await context.close();
    } finally {
      await relay.close();
    }
  });

  it('a challenge is declined or accepted from the lobby; a resigned Atom-4 game shows in the standings', async () => {
    const ivy = await person('ivy');
    const jay = await person('jay');
    const challenge = async () => {
      await ivy.page.goto(`${server.url}/`);
      await ivy.page.getByLabel('Game', { exact: true }).selectOption('atom4');
      await ivy.page.getByLabel('Opponent', { exact: true }).fill('jay');
      await ivy.page.getByRole('button', { name: 'Challenge' }).click();
      await ivy.page.waitForURL(/\/game\/\d+$/);
      return /\/game\/(\d+)$/.exec(ivy.page.url())?.[1];
    };
    const first = await challenge();
    await jay.page.reload();
    const decline = jay.page.getByRole('button', { name: `Decline Atom-4 #${first} from ivy` });
    await decline.click();
    // The challenge leaves the lobby once the server has declined it.
    await decline.waitFor({ state: 'detached' });
    await expectText(jay.page.locator('.online'), /No games in progress/);
    assert.equal((await call(server.url, 'GET', `/api/games/${first}`)).body.status, 'void');
    await ivy.page.goto(`${server.url}/game/${first}`);
    await expectText(ivy.page.locator('.status'), /declined/);

    const second = await challenge();
    await ivy.page.locator('[data-cell="8,6"]').click();
    await expectText(ivy.page.locator('.status'), /jay to move\./);
    await jay.page.reload();
    await jay.page.getByRole('button', { name: `Accept Atom-4 #${second} from ivy` }).click();
    await jay.page.waitForURL(new RegExp(`/game/${second}$`));
    await expectText(jay.page.locator('.status'), /Your move\./);
    await expectText(jay.page.locator('.wheel [aria-current="step"]'), /yellow/);
    await jay.page.locator('[data-cell="7,6"]').click();
    await expectText(ivy.page.locator('.status'), /Your move\./);
    await ivy.page.getByRole('button', { name: 'Resign' }).click();
    await ivy.page.getByRole('button', { name: 'Yes, resign' }).click();
    await expectText(jay.page.locator('.status'), /Game over/);

    await jay.page.goto(`${server.url}/`);
    const table = jay.page.locator('table', { has: jay.page.locator('caption', { hasText: 'Atom-4' }) });
    await expectText(table, /jay\s*1662\?\s*1\s*1\s*0\s*0/);
    await expectText(table, /ivy\s*1338\?\s*1\s*0\s*1\s*0/);
    assert.deepEqual([...ivy.errors, ...jay.errors], []);
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
  it('an online game is played from the keyboard alone: Tab reaches the board, arrows move a visible cursor, Enter plays', async () => {
    const eve = await person('eve');
    const page = eve.page;
    /** Tab from the top of the page to the board, as a keyboard user would. */
    const tabToBoard = async () => {
      await page.evaluate('document.activeElement?.blur()');
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate('document.activeElement?.getAttribute("role") === "application"')) break;
      }
      const board = page.getByRole('application');
      assert.match((await board.getAttribute('aria-label')) ?? '', /arrows move the cursor/);
      const focus = 'document.activeElement.matches(":focus-visible")';
      assert.ok(await page.evaluate(focus), 'the board shows its focus');
      assert.notEqual(await page.evaluate('getComputedStyle(document.activeElement).boxShadow'), 'none');
    };

    // Warp and Weft against the computer.
    await page.getByLabel('Opponent', { exact: true }).fill('computer');
    await page.getByLabel('Size', { exact: true }).selectOption('3');
    await page.getByRole('button', { name: 'Challenge' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    await expectText(page.locator('.status'), /Your move\./);
    await tabToBoard();
    // The first arrow shows the cursor beside the middle; it is drawn on the piece it is over.
    for (const key of ['ArrowLeft', 'ArrowUp']) await page.keyboard.press(key);
    const piece = await page.locator('.weave .piece.cursor').getAttribute('data-piece');
    assert.ok(piece, 'a piece is under the cursor');
    await page.keyboard.press('Enter');
    await expectText(page.locator('.moves li').first(), new RegExp(`^${piece}$`));
    await expectText(page.locator('.moves'), new RegExp(`${piece}\\s*\\w+`), 15_000);
    await expectText(page.locator('.status'), /Your move\./);
    // A refused piece is explained: the cursor zig-zags down and right onto a patch while Threading.
    const patch = page.locator('.weave .piece.patch.cursor');
    for (let i = 0; i < 6 && (await patch.count()) === 0; i++) {
      await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'ArrowDown');
    }
    assert.equal(await patch.count(), 1, 'the cursor is on a patch');
    await page.keyboard.press(' ');
    await expectText(page.getByRole('alert'), /patch and you are Threading/);
    // The local page's letter keys work here too (t switches to Threading: refused, explained).
    await page.keyboard.press('t');
    await expectText(page.getByRole('alert'), /already Threading/);

    // Atom-4 against the computer: 8,6 is two steps up from the middle point, where the cursor starts.
    await page.goto(`${server.url}/`);
    await page.getByLabel('Game', { exact: true }).selectOption('atom4');
    await page.getByLabel('Opponent', { exact: true }).fill('computer');
    await page.getByRole('button', { name: 'Challenge' }).click();
    await page.waitForURL(/\/game\/\d+$/);
    await expectText(page.locator('.status'), /Your move\./);
    await tabToBoard();
    for (const key of ['ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
    assert.equal(await page.locator('.atom4 .vertex.cursor').getAttribute('data-cell'), '8,6');
    // The cursor's move is previewed as a hover would be.
    assert.ok((await page.locator('.atom4 .vertex.cursor .ghost').count()) === 1, 'the move is previewed');
    await page.keyboard.press('Enter');
    await expectText(page.locator('.moves'), /8,6\s*\d+,\d+/, 15_000);
    assert.deepEqual(eve.errors, []);
  });
});
