import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cellName, cellsOf, sigmar, solve } from '../src/games/sigmar/index.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

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
    const options = sigmar.parseOptions({});
    assert.ok(options.ok);
    const state = sigmar.setup(options.value, 5);
    const solution = solve(cellsOf(state)).solution;
    assert.equal(solution.length, 28);
    for (const removal of solution) {
      for (const cell of removal) await page.locator(`[data-cell="${cellName(cell)}"]`).click();
    }
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
    await expectText(page.getByRole('alert'), /Try the highlighted marbles/);
    assert.equal(await page.locator('.marble.hinted').count(), 2);
    assert.deepEqual(errors, []);
    await page.close();
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
