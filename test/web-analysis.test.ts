/**
 * Post-game analysis in the browser: a finished online game's replay, its Analyse button, the
 * evaluation graph and the marked moves, and on a marked move the computer's better move drawn on
 * the board; saved as screenshots at desktop and phone size in both themes.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

const OUT = join(import.meta.dirname, '..', 'test-output', 'screenshots');
/** Weft's F6 (move 14) leaves Warp the patch B2 that joins its edges. */
const BLUNDERED = 'A7 G3 C5 G7 A3 A1 C1 patches patches F2 B6 F4 B4 F6 B2'.split(' ');

describe('post-game analysis in the replay', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  let id = 0;

  async function open(
    path: string,
    phone: boolean,
    theme: 'light' | 'dark',
  ): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({
      ...(phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } }),
      colorScheme: theme,
    });
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'bob', token: tokens.bob }))})`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    tokens.ann = await account(server.url, 'ann');
    tokens.bob = await account(server.url, 'bob');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
      tokens.ann,
    );
    id = made.body.id as number;
    for (const [i, move] of BLUNDERED.entries()) {
      const played = await call(
        server.url,
        'POST',
        `/api/games/${id}/moves`,
        { move },
        tokens[i % 2 === 0 ? 'ann' : 'bob'],
      );
      assert.equal(played.status, 200, JSON.stringify(played.body));
    }
    mkdirSync(OUT, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('analyses a finished game from its replay: a graph, the marked moves, the better move on the board', async () => {
    const { page, errors } = await open(`/game/${id}`, false, 'light');
    await expectText(page.locator('.replay-caption'), /^Move 15 of 15: B2$/);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    const marks = page.getByRole('list', { name: 'Marked moves' });
    await expectText(marks, /14\. bob F6: blunder, lost \d+ % · better B2/, 60_000);
    assert.equal(await page.locator('.analysis-chart canvas').count(), 1, 'the graph is drawn');
    await marks.getByRole('button', { name: /14\. bob F6: blunder/ }).click();
    await expectText(page.locator('.replay-caption'), /^Move 13 of 15: B4$/);
    await expectText(
      page.locator('.analysis-hint'),
      /bob played 14\. F6 here, a blunder .*the computer would play B2/,
    );
    const hinted = await page.locator('[data-piece="B2"]').getAttribute('class');
    assert.match(hinted ?? '', /\bhint\b/);
    assert.match(hinted ?? '', /\bweft\b/, 'drawn in the colour of the side to move');
    assert.equal(
      await page.locator('.replay-move.blunder').count(),
      await page.locator('.analysis-mark.blunder').count(),
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('draws the better move of an Atom-4 blunder on its board: the piece previewed and ringed', async () => {
    // Move 17 (ann's 10,6) lets bob make his line at once with 8,5, which ann could have taken.
    const atomMoves = '8,8 9,8 8,6 8,9 7,8 7,6 7,9 6,7 6,9 9,6 6,8 9,7 5,9 6,6 7,5 10,8 10,6 8,5'.split(' ');
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 1 } },
      tokens.ann,
    );
    const game = made.body.id as number;
    for (const [i, move] of atomMoves.entries()) {
      const played = await call(
        server.url,
        'POST',
        `/api/games/${game}/moves`,
        { move },
        tokens[i % 2 === 0 ? 'ann' : 'bob'],
      );
      assert.equal(played.status, 200, JSON.stringify(played.body));
    }
    const { page, errors } = await open(`/game/${game}`, false, 'light');
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    const marks = page.getByRole('list', { name: 'Marked moves' });
    await expectText(marks, /17\. ann 10,6: blunder, lost \d+ % · better 8,5/, 60_000);
    await marks.getByRole('button', { name: /17\. ann 10,6/ }).click();
    await expectText(page.locator('.replay-caption'), /^Move 16 of 18: 10,8$/);
    await expectText(page.locator('.analysis-hint'), /the computer would play 8,5/);
    assert.equal(await page.locator('[data-cell="8,5"] .hint-ring').count(), 1);
    assert.equal(await page.locator('[data-cell="8,5"] .ghost').count(), 1, 'the piece is previewed');
    await page.locator('.replay-board').screenshot({ path: join(OUT, 'analysis-atom4-board.png') });
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('analyses a finished local game in the page’s worker', async () => {
    const { page, errors } = await open('/warpweft', false, 'light');
    await page.getByLabel('Size', { exact: true }).selectOption('2');
    await page.getByLabel('Opponent').selectOption('human');
    await page.getByRole('button', { name: 'Start' }).click();
    for (const move of BLUNDERED) {
      if (move === 'patches') await page.getByRole('button', { name: 'Switch to patches' }).click();
      else await page.locator(`[data-piece="${move}"]`).click();
    }
    await expectText(page.locator('.status'), /Warp \(Vert\) wins/);
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expectText(
      page.getByRole('list', { name: 'Marked moves' }),
      /14\. Weft \(Horz\) F6: blunder, lost \d+ % · better B2/,
      60_000,
    );
    assert.equal(await page.locator('.analysis-chart canvas').count(), 1);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  for (const phone of [false, true]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows the analysis on a ${phone ? 'phone' : 'desktop'} in the ${theme} theme, no wider than the screen`, async () => {
        const { page, errors } = await open(`/game/${id}?move=13`, phone, theme);
        await expectText(page.locator('.analysis-hint'), /the computer would play B2/, 30_000);
        await page.locator('.analysis-chart canvas').waitFor();
        const width = await page.evaluate('document.documentElement.scrollWidth');
        assert.ok(Number(width) <= (phone ? 390 : 1280), `the page fits the screen (${width} px)`);
        await page.screenshot({
          path: join(OUT, `analysis-${phone ? 'phone' : 'desktop'}${theme === 'dark' ? '-dark' : ''}.png`),
          fullPage: true,
        });
        assert.deepEqual(errors, []);
        await page.context().close();
      });
    }
  }
});
