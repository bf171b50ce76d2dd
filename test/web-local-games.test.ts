/**
 * The Atom-4 and Warp and Weft pages as a player meets them across a game: a finished round stays
 * on the board with its winning line until the next round is asked for, a won game shows its
 * winning chain, a reload keeps the game, stale sentences go, refusals speak to a clicking player,
 * and a long move list stays readable at desktop and phone width.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { replay } from '../src/games/game.ts';
import { warpweft } from '../src/games/warpweft/index.ts';
import { createRng } from '../src/grid/index.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

/** Round 1 of Atom-4, won by player 2 with its 16th move: whites are the person's, blacks the computer's. */
const ROUND_WON_BY_PLAYER_2 = '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' ');
const ATOM4_AGAINST_COMPUTER = { opponent: 'computer', you: 1, level: 0, rounds: 3 };

/** Open `path` with a local game saved as a reload would find it. */
async function openSaved(page: Page, base: string, path: string, key: string, saved: unknown) {
  await page.goto(new URL(path, base).href);
  await page.evaluate(
    ([k, v]) => localStorage.setItem(k as string, v as string),
    [key, JSON.stringify(saved)],
  );
  await page.reload();
}

/** A Warp and Weft game on the largest board, with switches, still going after `length` moves. */
function longWeave(length: number): string[] {
  const options = { size: 6, variant: 'thread' as const };
  for (let seed = 1; ; seed++) {
    const rng = createRng(seed);
    let state = warpweft.setup(options, 0);
    const moves: string[] = [];
    while (moves.length < length && !state.result) {
      const legal = warpweft.legalMoves(state);
      // Switch whenever allowed, so the list holds many of the longest words.
      const move = legal.find((m) => m.kind === 'switch') ?? rng.pick(legal);
      moves.push(warpweft.formatMove(move, state));
      const next = warpweft.play(state, move);
      if (!next.ok) throw new Error(next.error);
      state = next.value;
    }
    if (!state.result) return moves;
  }
}

/** The attribute `name` of every element the locator finds, in page order. */
async function attributes(locator: Locator, name: string): Promise<string[]> {
  const out: string[] = [];
  for (const element of await locator.all()) out.push((await element.getAttribute(name)) ?? '');
  return out;
}

/** What the overlap check reads of a move entry in the page (the tests are compiled without the DOM's types). */
interface MoveEntry {
  readonly textContent: string | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number };
}

/** Every pair of move entries whose boxes overlap on screen, named by their text. */
async function overlappingMoves(page: Page): Promise<string[]> {
  return page.locator('.moves li').evaluateAll((elements) => {
    const items = elements as unknown as readonly MoveEntry[];
    const boxes = items.map((li) => ({ text: li.textContent ?? '', r: li.getBoundingClientRect() }));
    const clashes: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = (boxes[i] as (typeof boxes)[number]).r;
        const b = (boxes[j] as (typeof boxes)[number]).r;
        if (
          a.left < b.right - 0.5 &&
          b.left < a.right - 0.5 &&
          a.top < b.bottom - 0.5 &&
          b.top < a.bottom - 0.5
        )
          clashes.push(`${boxes[i]?.text} / ${boxes[j]?.text}`);
      }
    }
    // A move's own text must fit its box too (no ink running into the next column).
    for (const li of items)
      if (li.scrollWidth > li.clientWidth + 1) clashes.push(`${li.textContent} overflows`);
    return clashes;
  });
}

describe('browser client: local Atom-4 and Warp and Weft games', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
  });
  after(() => web?.close());

  it('Atom-4: a round the computer won stays on the board, its line ringed, until n starts the next', async () => {
    const { page, errors } = await web.open('/atom4');
    await openSaved(page, web.base, '/atom4', 'tessera.atom4.game', {
      setup: ATOM4_AGAINST_COMPUTER,
      moves: ROUND_WON_BY_PLAYER_2,
    });
    await expectText(page.locator('.status'), /Player 2 WINS!!/);
    const ringed = async () => (await attributes(page.locator('.vertex.winning'), 'data-cell')).sort();
    assert.deepEqual(await ringed(), ['6,7', '6,8', '7,5', '7,6']);
    // The moves are listed, each in a box of its own.
    assert.equal(await page.locator('.moves li').count(), ROUND_WON_BY_PLAYER_2.length);
    assert.deepEqual(await overlappingMoves(page), []);
    // The computer opens round 2, yet the finished round stays until the person asks (the fault
    // showed round 2 about 0.1 s after the win).
    await page.waitForTimeout(1500);
    await expectText(page.locator('p.meta', { hasText: 'Round' }), /Round 1 of 3 · score 0 : 1/);
    assert.equal((await ringed()).length, 4);
    const next = page.getByRole('button', { name: 'Next round' });
    assert.equal(await next.isEnabled(), true);
    await page.getByRole('application').focus();
    await page.keyboard.press('n');
    await expectText(page.locator('p.meta', { hasText: 'Round' }), /Round 2 of 3/);
    // Player 2, the computer, opens round 2; then it is the person's turn.
    await expectText(page.locator('.status'), /Player 1 \(you\) to play/);
    assert.equal(await page.locator('.vertex.winning').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Atom-4: a reload keeps the game, and Undo takes the last-move note with the move', async () => {
    const { page, errors } = await web.open('/atom4');
    await openSaved(page, web.base, '/atom4', 'tessera.atom4.game', {
      setup: ATOM4_AGAINST_COMPUTER,
      moves: [],
    });
    await expectText(page.locator('.status'), /Player 1 \(you\) to play red\./);
    await page.locator('[data-cell="8,6"]').click();
    await expectText(page.locator('.status'), /Player 1 \(you\) to play green\./);
    await expectText(page.locator('.side'), /Player 2 moves \(\d+,\d+\)/);
    const board = async () => (await attributes(page.locator('.vertex'), 'aria-label')).join(' ');
    const before = await board();
    await page.reload();
    await expectText(page.locator('.status'), /Player 1 \(you\) to play green\./);
    assert.equal(await board(), before, 'the same position after the reload');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(page.locator('.status'), /to play red/);
    assert.doesNotMatch((await page.locator('.side').textContent()) ?? '', /Player 2 moves/);
    await page.reload();
    await expectText(page.locator('.status'), /to play red/);
    assert.equal(await page.locator('[data-cell="8,6"]').getAttribute('aria-label'), '8,6: empty');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Warp and Weft: refusals tell a clicking player what to click, the winning chain shows, a reload keeps the game', async () => {
    const { page, errors } = await web.open('/warpweft');
    await page.getByLabel('Size', { exact: true }).selectOption('2');
    await page.getByLabel('Opponent').selectOption('human');
    await page.getByRole('button', { name: 'Start' }).click();
    const moves = 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3 B2'.split(' ');
    await page.locator('[data-piece="A7"]').click();
    await page.locator('[data-piece="G3"]').click();
    // A patch while Threading: the button to press and what to click, not a command to type.
    await page.locator('[data-piece="B6"]').click();
    const alert = page.getByRole('alert');
    await expectText(alert, /B6: it is a patch and you are Threading; press "Switch to patches"/);
    assert.doesNotMatch((await alert.textContent()) ?? '', /switch with/);
    await page.reload();
    await page.locator('.moves li').nth(1).waitFor();
    await expectText(page.locator('.status'), /Warp \(Vert\) to move, Threading/);
    assert.equal(await page.locator('.moves li').count(), 2, 'the reload kept both moves');
    for (const move of moves.slice(2)) {
      if (move === 'patches') await page.getByRole('button', { name: 'Switch to patches' }).click();
      else await page.locator(`[data-piece="${move}"]`).click();
    }
    await expectText(page.locator('.status'), /Warp \(Vert\) wins/);
    const chain = (await attributes(page.locator('.piece.winning'), 'data-piece')).sort();
    assert.deepEqual(chain, ['A3', 'A7', 'B2', 'B4', 'B6', 'C1', 'C5']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    it(`Warp and Weft: a long game with switches lists its moves without overlap (${label})`, async () => {
      const moves = longWeave(90);
      assert.ok(replay(warpweft, { size: 6, variant: 'thread' }, 0, moves).ok);
      const { page, errors } = await web.open('/warpweft', width);
      await openSaved(page, web.base, '/warpweft', 'tessera.warpweft.game', {
        setup: { size: 6, variant: 'thread', opponent: 'human', youFirst: true, thinkMs: 200 },
        moves,
      });
      await page.locator('.moves li').nth(89).waitFor();
      assert.equal(await page.locator('.moves li').count(), 90);
      assert.ok(moves.filter((m) => m === 'patches' || m === 'threads').length >= 10, 'many switches');
      assert.deepEqual(await overlappingMoves(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
