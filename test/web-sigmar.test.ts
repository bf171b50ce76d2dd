import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { cellName, cellsOf, sigmar, solve } from '../src/games/sigmar/index.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

/** The marbles on the page, cell by cell: the board as a player sees it. */
const layout = (page: Page): Promise<string[]> =>
  page.evaluate(`[...document.querySelectorAll('.marble')].map((el) => el.getAttribute('aria-label'))`);

/** Play the first `n` removals of the solution (found in Node) of the plain board of `seed`, by clicking. */
async function playSolution(page: Page, seed: number, n: number): Promise<void> {
  const options = sigmar.parseOptions({});
  assert.ok(options.ok);
  const solution = solve(cellsOf(sigmar.setup(options.value, seed))).solution;
  for (const removal of solution.slice(0, n)) {
    for (const cell of removal) await page.locator(`[data-cell="${cellName(cell)}"]`).click();
  }
}

describe("browser client: Sigmar's Garden", () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it('on a phone, a tap beside a free marble (on a blocked one) still takes the free one', async () => {
    const { context, page, errors } = await web.openPhone('/sigmar?seed=7');
    await expectText(page.locator('.status'), /55 marbles left/);
    // Marble centres on the screen, by name, and which are free.
    const marbles = (await page.evaluate(`[...document.querySelectorAll('.marble')].map((el) => {
      const r = el.querySelector('.orb').getBoundingClientRect();
      return { name: el.getAttribute('data-cell'), free: el.classList.contains('free'),
        x: r.x + r.width / 2, y: r.y + r.height / 2, radius: r.width / 2 };
    })`)) as { name: string; free: boolean; x: number; y: number; radius: number }[];
    const gap = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.hypot(a.x - b.x, a.y - b.y);
    // A free marble with a blocked neighbour; the tap lands 60% of the way over, on the blocked one.
    const pairs = marbles.flatMap((f) =>
      f.free ? marbles.filter((b) => !b.free && gap(f, b) < f.radius * 2.3).map((b) => [f, b] as const) : [],
    );
    const [free, blocked] = pairs[0] ?? assert.fail('no free marble beside a blocked one');
    const spacing = gap(free, blocked);
    assert.ok(spacing < 40, `marbles are ${spacing.toFixed(1)} px apart: narrower than a fingertip`);
    const tap = { x: free.x + (blocked.x - free.x) * 0.6, y: free.y + (blocked.y - free.y) * 0.6 };
    assert.ok(gap(tap, free) > free.radius, 'the tap is off the free marble');
    const hit = await page.evaluate(
      `document.elementFromPoint(${tap.x}, ${tap.y})?.closest('[data-cell]')?.getAttribute('data-cell')`,
    );
    assert.equal(hit, blocked.name, 'the tap lands on the blocked marble');
    await page.touchscreen.tap(tap.x, tap.y);
    assert.equal(await page.locator(`[data-cell="${free.name}"]`).getAttribute('aria-pressed'), 'true');
    // Tapping the blocked marble dead centre means that marble: its refusal is explained.
    await page.touchscreen.tap(blocked.x, blocked.y);
    await expectText(page.getByRole('alert'), /That marble is blocked/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('deals the board named by the seed in the address, and clears it move by move', async () => {
    const { page, errors } = await web.open('/sigmar?seed=5');
    await expectText(page.locator('.status'), /55 marbles left/);
    await expectText(page.locator('.meta'), /Board 5 · propeller \(mirrored\)/);
    assert.equal(await page.locator('.marble').count(), 55);
    // The same seed deals the same board here and in the browser: solve it in Node, play it there.
    await playSolution(page, 5, 28);
    await expectText(page.locator('.status'), /The garden is clear/);
    assert.equal(await page.locator('.marble').count(), 0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(page.locator('.status'), /^(1 marble|2 marbles) left/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectText(page.locator('.status'), /55 marbles left/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('explains a refused pair, and a hint shows a move that keeps the board solvable', async () => {
    const { page, errors } = await web.open('/sigmar?seed=5');
    // A1 is an empty corner on this board; A4 and A5 are water, free; D9 is air.
    await page.locator('[data-cell="A4"]').click();
    await page.locator('[data-cell="D9"]').click();
    await expectText(page.getByRole('alert'), /react/i);
    await page.getByRole('button', { name: 'Hint' }).click();
    // A hint is information, not an alert.
    await page.getByText('Try the highlighted marbles.').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.equal(await page.locator('.marble.hinted').count(), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('deals the board an address names for everyone, whatever each browser has stored', async () => {
    // One player has stored other deal settings: hard boards, without the harder-board rules.
    const { page: mine, errors } = await web.open('/sigmar?seed=1');
    await mine.getByRole('combobox', { name: 'Difficulty of new boards' }).selectOption('hard');
    await mine.getByRole('button', { name: 'Sloppy Gen' }).click();
    await mine.goto(new URL('/sigmar?seed=777', web.base).href);
    await expectText(mine.locator('.status'), /55 marbles left/);
    const { page: theirs } = await web.open('/sigmar?seed=777');
    await expectText(theirs.locator('.status'), /55 marbles left/);
    assert.deepEqual(await layout(mine), await layout(theirs), 'the same address, the same board');
    // A new board carries those settings in its address, so its link deals it anywhere.
    await mine.getByRole('button', { name: 'Randomize' }).click();
    await mine.waitForURL((url) => url.searchParams.get('seed') !== '777');
    const url = new URL(mine.url());
    assert.equal(url.searchParams.get('difficulty'), 'hard');
    assert.equal(url.searchParams.get('sloppy'), '1');
    await expectText(mine.locator('.meta'), /· hard · sloppy/);
    await mine.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await mine.getByRole('button', { name: 'Share this board' }).click();
    const link = (await mine.evaluate('navigator.clipboard.readText()')) as string;
    assert.equal(link, url.href, 'Share this board copies the link to this board');
    await expectText(mine.locator('.side'), /Link copied/);
    await theirs.goto(link);
    await expectText(theirs.locator('.meta'), /· hard · sloppy/);
    assert.deepEqual(await layout(theirs), await layout(mine));
    // The daily board is one board for everyone, named by its day (UTC).
    const today = new Date().toISOString().slice(0, 10);
    await mine.getByRole('button', { name: 'Daily board' }).click();
    await mine.waitForURL((u) => u.searchParams.get('daily') === today);
    const { page: fresh } = await web.open('/sigmar');
    await fresh.getByRole('button', { name: 'Daily board' }).click();
    await expectText(fresh.locator('.meta'), new RegExp(`daily board of ${today}`));
    assert.deepEqual(await layout(fresh), await layout(mine));
    assert.equal(fresh.url(), mine.url());
    assert.deepEqual(errors, []);
    await Promise.all([mine.close(), theirs.close(), fresh.close()]);
  });

  it('keeps the game in progress across a reload, and Undo takes back Try Again', async () => {
    const { page, errors } = await web.open('/sigmar?seed=5');
    await playSolution(page, 5, 2);
    await expectText(page.locator('.status'), /51 marbles left/);
    const twoOff = await layout(page);
    await page.reload();
    await expectText(page.locator('.status'), /51 marbles left/);
    assert.deepEqual(await layout(page), twoOff, 'the same board with the same two pairs removed');
    // The plain address goes back to the game in progress too.
    await page.goto(new URL('/sigmar', web.base).href);
    await expectText(page.locator('.status'), /51 marbles left/);
    assert.equal(new URL(page.url()).searchParams.get('seed'), '5');
    // Try Again is a move Undo takes back: no dialog, nothing lost.
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expectText(page.locator('.status'), /55 marbles left/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(page.locator('.status'), /51 marbles left/);
    assert.deepEqual(await layout(page), twoOff);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.reload();
    await expectText(page.locator('.status'), /55 marbles left/);
    await page.keyboard.press('u');
    await expectText(page.locator('.status'), /51 marbles left/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the whole board and both toolbars without scrolling, on a desktop and on a phone', async () => {
    const offScreen = (page: Page) =>
      page.evaluate(`[...document.querySelectorAll('.sigmar .toolbar button, svg.garden')]
        .filter((el) => { const r = el.getBoundingClientRect();
          return r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth; })
        .map((el) => el.textContent || el.tagName)`);
    const { page } = await web.open('/sigmar?seed=5');
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(await offScreen(page), [], 'at 1280 × 800');
    await page.close();
    const phone = await web.openPhone('/sigmar?seed=5');
    assert.deepEqual(await offScreen(phone.page), [], 'at 390 × 844');
    await phone.context.close();
  });

  it('puts a new random seed in the address, honours rnd=1 and template=, and keeps settings', async () => {
    const { page, errors } = await web.open('/sigmar?template=star');
    await page.waitForURL(/seed=\d+/);
    const seed = new URL(page.url()).searchParams.get('seed');
    assert.match(seed ?? '', /^\d+$/, 'the address names the board');
    await expectText(page.locator('.meta'), /· star/);
    await page.getByRole('button', { name: 'Randomize' }).click();
    await page.waitForURL((url) => url.searchParams.get('seed') !== seed);
    assert.notEqual(new URL(page.url()).searchParams.get('seed'), seed);
    await expectText(page.locator('.meta'), /· star/);
    // Dim Blocked is on by default; switch it off and see it survive a reload.
    const dim = page.getByRole('button', { name: 'Dim Blocked' });
    assert.equal(await dim.getAttribute('aria-pressed'), 'true');
    assert.ok((await page.locator('.marble.dim').count()) > 0);
    await dim.click();
    assert.equal(await page.locator('.marble.dim').count(), 0);
    await page.reload();
    assert.equal(
      await page.getByRole('button', { name: 'Dim Blocked' }).getAttribute('aria-pressed'),
      'false',
    );
    await page.goto(new URL('/sigmar?rnd=1', web.base).href);
    assert.equal(new URL(page.url()).searchParams.get('seed'), null, 'rnd=1 keeps the seed out');
    await page.goto(new URL('/sigmar?seed=abc', web.base).href);
    await expectText(page.getByRole('alert'), /seed must be a whole number/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
