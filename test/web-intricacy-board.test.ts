/**
 * How the lock is drawn and what taps do to it, in Chromium: every piece stands out from the empty
 * cells in both colourings and both themes, the wrench's momentum does not look like a blockage,
 * letters are drawn above springs and arrows, and a phone player opens the first tutorial lock by
 * tapping the board alone (pushing the hook along its arm and turning it included).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ROOT } from './support.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const SETTINGS_KEY = 'tessera.intricacy.settings';

/** WCAG relative luminance of a colour: computed ("rgb(r, g, b)", "rgba(…)") or as written ("#rrggbb"). */
function luminance(css: string): number {
  const hex = /^\s*#([\da-f]{2})([\da-f]{2})([\da-f]{2})\s*$/i.exec(css);
  const m = hex
    ? hex.slice(1).map((v) => String(Number.parseInt(v, 16)))
    : /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(css)?.slice(1);
  assert.ok(m, `a colour: ${css}`);
  const [r, g, b] = [m[0], m[1], m[2]].map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

/** Each piece's own paint as the browser computes it: fills of its shapes, the stroke of its arms. */
async function piecePaints(
  page: Page,
): Promise<{ cell: string; pieces: { what: string; colour: string }[] }> {
  // A string: the tests are type-checked without the DOM's types.
  return page.evaluate(`(() => {
    const svg = document.querySelector('svg.lock');
    const cell = getComputedStyle(svg.querySelector('.cell')).fill;
    const pieces = [];
    for (const piece of svg.querySelectorAll('.piece:not(.frame)')) {
      const name = piece.getAttribute('class') + ' #' + piece.getAttribute('data-piece');
      const shapes = piece.matches('circle') ? [piece] : [...piece.querySelectorAll('polygon, circle')];
      for (const shape of shapes) pieces.push({ what: name, colour: getComputedStyle(shape).fill });
      for (const arm of piece.querySelectorAll('.arm'))
        pieces.push({ what: name + ' arm', colour: getComputedStyle(arm).stroke });
    }
    return { cell, pieces };
  })()`);
}

/** Tap a cell of the lock on a touch screen. */
async function touchCell(page: Page, cell: string): Promise<void> {
  const box = await page.locator(`svg.lock .cell[data-cell="${cell}"]`).first().boundingBox();
  assert.ok(box, `cell ${cell} is on screen`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

describe('browser client: how an Intricacy lock is drawn and tapped', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    mkdirSync(OUT, { recursive: true });
  });
  after(() => web?.close());

  it('draws every piece, the hook’s arm included, at 3:1 contrast or more on the empty cells, in both colourings and both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const colouring of ['nature', 'adjacent'] as const) {
        const context = await web.browser.newContext({ colorScheme: scheme });
        await context.addInitScript(
          ([key, value]) => localStorage.setItem(key as string, value as string),
          [SETTINGS_KEY, JSON.stringify({ colouring, blockages: true, animate: false })],
        );
        const page = await context.newPage();
        await page.goto(new URL('/intricacy/pick', web.base).href);
        for (const lock of ['tutorial/01-winning', 'tutorial/10-pivots']) {
          await page.getByLabel('Lock', { exact: true }).selectOption(lock);
          await expectText(page.locator('.status'), /Turn 0\./);
          const { cell, pieces } = await piecePaints(page);
          assert.ok(
            pieces.some((p) => /hook/.test(p.what) && /arm/.test(p.what)),
            'the hook arm is drawn',
          );
          for (const { what, colour } of pieces) {
            const ratio = contrast(colour, cell);
            assert.ok(
              ratio >= 3,
              `${scheme}, ${colouring}, ${lock}: ${what} is ${colour} on cells of ${cell}: ${ratio.toFixed(2)}:1`,
            );
          }
        }
        // Every colour a piece can have, whether or not these locks use it.
        const palette = (await page.evaluate(`(() => {
          const style = getComputedStyle(document.querySelector('svg.lock'));
          const names = ['--lock-bolt', ...Array.from({ length: 10 }, (_, i) => '--lock-colour-' + i)];
          return names.map((name) => [name, style.getPropertyValue(name)]);
        })()`)) as [string, string][];
        const { cell } = await piecePaints(page);
        for (const [name, colour] of palette) {
          const ratio = contrast(colour, cell);
          assert.ok(ratio >= 3, `${scheme}: ${name} ${colour} on ${cell}: ${ratio.toFixed(2)}:1`);
        }
        await page
          .locator('svg.lock')
          .screenshot({ path: join(OUT, `intricacy-board-${scheme}-${colouring}.png`) });
        await context.close();
      }
    }
  });

  it('draws the wrench’s momentum unlike a blockage arrow, and letters above springs and arrows', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    await page.getByLabel('Lock', { exact: true }).selectOption('tutorial/04-wrench');
    await expectText(page.locator('.status'), /Turn 0\./);
    // The hook steps out of the pocket and the wrench leaves it north-east: it keeps going.
    for (const key of ['l', 'l', 'U']) await page.keyboard.press(key);
    await expectText(page.locator('.status'), /Turn 3, last wNE\./);
    const shapes = (await page.evaluate(`[...document.querySelectorAll('svg.lock .momentum')].map((m) => ({
      parts: [...m.children].map((c) => c.tagName),
      marker: m.hasAttribute('marker-end') || [...m.children].some((c) => c.hasAttribute('marker-end')),
      fill: getComputedStyle(m.children[0]).fill,
    }))`)) as { parts: string[]; marker: boolean; fill: string }[];
    assert.equal(shapes.length, 1, 'the moving wrench shows its momentum');
    const [momentum] = shapes;
    assert.deepEqual(momentum?.parts, ['polygon', 'polygon'], 'momentum: a filled double chevron');
    assert.equal(momentum?.marker, false, 'no arrowhead marker on the momentum');
    assert.notEqual(momentum?.fill, 'none');
    await page.locator('svg.lock').screenshot({ path: join(OUT, 'intricacy-board-momentum.png') });
    // Waiting, the wrench runs into something: a blockage, drawn as strokes with pointed heads.
    for (let turn = 0; turn < 8 && (await page.locator('svg.lock .arrow').count()) === 0; turn++)
      await page.keyboard.press('.');
    const arrows = (await page.evaluate(`[...document.querySelectorAll('svg.lock .arrow')].map((a) => ({
      tag: a.tagName,
      marker: a.getAttribute('marker-end'),
    }))`)) as { tag: string; marker: string | null }[];
    assert.ok(arrows.length > 0, 'a blockage is drawn');
    for (const arrow of arrows) {
      assert.ok(['line', 'path'].includes(arrow.tag), `a blockage is a stroke, not ${arrow.tag}`);
      assert.match(arrow.marker ?? '', /url\(#head-(orange|purple)\)/, 'a blockage has a pointed head');
    }

    // Paint order: every letter comes after every spring, arrow and momentum mark, so none covers it.
    const order = (await page.evaluate(`(() => {
      const svg = document.querySelector('svg.lock');
      const glyphs = [...svg.querySelectorAll('.glyph')];
      const covers = [...svg.querySelectorAll('.spring, .arrow, .momentum, .turn-hint')];
      return {
        glyphs: glyphs.map((g) => g.textContent),
        covers: covers.length,
        hidden: glyphs.flatMap((g) =>
          covers
            .filter((c) => g.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING)
            .map((c) => g.textContent + ' under ' + c.getAttribute('class')),
        ),
      };
    })()`)) as { glyphs: string[]; covers: number; hidden: string[] };
    assert.ok(order.glyphs.includes('A') && order.glyphs.includes('H') && order.glyphs.includes('W'));
    assert.ok(order.covers >= 3, 'springs and arrows are drawn');
    assert.deepEqual(order.hidden, []);
    await page.locator('svg.lock').screenshot({ path: join(OUT, 'intricacy-board-blockage.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('on a phone, taps alone open the first tutorial lock: pushing the hook along its arm, and turning it', async () => {
    const { context, page, errors } = await web.openPhone('/intricacy/tutorial');
    const status = page.locator('.status');
    await expectText(page.locator('h1'), /Tutorial 1/);
    await expectText(status, /Turn 0\./);
    // The hook (chosen from the start) is centred at -3,-1 with its arm east. Tapping it again
    // says what to tap; the cell east of it, its arm's end, pushes it along the arm.
    await touchCell(page, '-3,-1');
    await expectText(page.getByRole('alert'), /curved arrow beside its arm to turn it/);
    await touchCell(page, '-2,-1');
    await expectText(status, /Turn 1, last hE\./);
    await touchCell(page, '-1,-1');
    await touchCell(page, '0,-1');
    await expectText(status, /Turn 3, last hE\./);
    await touchCell(page, '0,0');
    await expectText(status, /Turn 4, last hNE\./);
    // Centred at 0,0, arm east (its end 1,0): the two curved arrows are the turning cells.
    const hints = page.locator('svg.lock .turn-hint');
    assert.equal(await hints.count(), 2);
    assert.equal(await page.locator('svg.lock .turn-hint[data-turn="1"]').getAttribute('data-target'), '1,1');
    await page.screenshot({ path: join(OUT, 'intricacy-taps-phone.png') });
    await touchCell(page, '1,1');
    await expectText(status, /Turn 5, last h\+\./);
    await touchCell(page, '0,-1');
    await expectText(status, /Open! 6 turns\./);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
