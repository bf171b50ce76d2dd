/**
 * Online Atom-4 in the browser: a challenge of several rounds, a won round shown with its winning
 * line to both players, and kept on the screen of the player who did not start the next round
 * until they move on; the move list stays readable at desktop and phone width.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { type Atom4State, atom4 } from '../src/games/atom4/index.ts';
import { launchBrowser } from './browser.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, signedUpPerson } from './web-preview.ts';

/** Round 1 won by player 2 with its 16th move, on the cells 7,5 7,6 6,7 6,8. */
const ROUND_WON_BY_PLAYER_2 = '8,6 7,6 6,7 6,6 9,6 5,7 7,5 9,7 8,8 6,5 10,6 6,8 9,8 7,8 9,5 5,8'.split(' ');

async function attributes(locator: Locator, name: string): Promise<string[]> {
  const out: string[] = [];
  for (const element of await locator.all()) out.push((await element.getAttribute(name)) ?? '');
  return out.sort();
}

/** Move entries on the page whose boxes overlap, or whose text runs out of its box. */
async function overlappingMoves(page: Page): Promise<string[]> {
  const boxes: { text: string; left: number; right: number; top: number; bottom: number }[] = [];
  const clashes: string[] = [];
  for (const li of await page.locator('.moves li').all()) {
    const box = await li.boundingBox();
    const text = (await li.textContent()) ?? '';
    if (!box) continue;
    boxes.push({ text, left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height });
    const [scroll, client] = await li.evaluate((e) => [
      (e as unknown as { scrollWidth: number }).scrollWidth,
      (e as unknown as { clientWidth: number }).clientWidth,
    ]);
    if ((scroll as number) > (client as number) + 1) clashes.push(`${text} overflows`);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (
        a.left < b.right - 0.5 &&
        b.left < a.right - 0.5 &&
        a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5
      )
        clashes.push(`${a.text} / ${b.text}`);
    }
  }
  return clashes;
}

describe('browser client against the server: Atom-4 over several rounds', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  const person = (user: string, phone = false) =>
    signedUpPerson(browser, server.url, user, { phone, height: 800 });

  it('a three-round challenge; the round bob won stays on ann’s board, its line ringed, after bob starts round 2', async () => {
    const ann = await person('ann');
    const bob = await person('bob', true);
    await ann.page.getByLabel('Game', { exact: true }).selectOption('atom4');
    await ann.page.getByLabel('Opponent', { exact: true }).fill('bob');
    await ann.page.getByLabel('Rounds', { exact: true }).selectOption('3');
    await ann.page.getByRole('button', { name: 'Challenge' }).click();
    await ann.page.waitForURL(/\/game\/\d+$/);
    const id = Number(/\/game\/(\d+)$/.exec(ann.page.url())?.[1]);
    await expectText(ann.page.locator('.side'), /Round 1 of 3/);

    // The first fifteen moves by the API, the winning one by a tap on bob's phone.
    const tokens = { ann: await account(server.url, 'ann'), bob: await account(server.url, 'bob') };
    for (const [k, move] of ROUND_WON_BY_PLAYER_2.slice(0, -1).entries()) {
      const played = await call(
        server.url,
        'POST',
        `/api/games/${id}/moves`,
        { move },
        k % 2 ? tokens.bob : tokens.ann,
      );
      assert.ok(played.status < 300, `${move}: ${JSON.stringify(played.body)}`);
    }
    await bob.page.goto(`${server.url}/game/${id}`);
    await expectText(bob.page.locator('.status'), /Your move\./);
    await bob.page.locator('[data-cell="5,8"]').click();
    const line = ['6,7', '6,8', '7,5', '7,6'];
    for (const { page } of [ann, bob]) {
      // The round's result names its winner, never a seat.
      await expectText(page.locator('.side'), /Round 1: bob WINS!! bob opens the next round\./);
      assert.doesNotMatch((await page.locator('.side').textContent()) ?? '', /Player \d (WINS|opens)/);
      assert.deepEqual(await attributes(page.locator('.vertex.winning'), 'data-cell'), line);
    }
    const moves = await overlappingMoves(bob.page);
    assert.deepEqual(moves, [], 'the move list on a phone');
    assert.deepEqual(await overlappingMoves(ann.page), [], 'the move list on a desktop');

    // Bob opens round 2; ann still sees how round 1 ended until she moves on.
    await bob.page.getByRole('button', { name: 'Next round' }).click();
    await expectText(bob.page.locator('.side'), /Round 2 of 3 · score 0 : 1/);
    assert.equal(await bob.page.locator('.vertex.winning').count(), 0, 'bob started it: no held round');
    await expectText(ann.page.locator('.side'), /Round 2 of 3 · score 0 : 1/);
    const held = ann.page.getByRole('button', { name: 'Go to round 2' });
    await held.waitFor();
    assert.deepEqual(await attributes(ann.page.locator('.vertex.winning'), 'data-cell'), line);
    await expectText(ann.page.locator('.round-held'), /Round 1: bob WINS!!/);
    await held.click();
    assert.equal(await ann.page.locator('.vertex.winning').count(), 0);
    assert.equal(await ann.page.locator('.round-held').count(), 0);
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bob.errors, []);
  });

  it('a takeback of your first move of round 2 goes back to round 2’s start, never into round 1', async () => {
    const cat = await person('cat');
    const tokens = { cat: await account(server.url, 'cat'), dan: await account(server.url, 'dan') };
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['cat', 'dan'], options: { rounds: 3 } },
      tokens.cat,
    );
    const id = made.body.id as number;
    const play = async (user: 'cat' | 'dan', move: string) => {
      const played = await call(server.url, 'POST', `/api/games/${id}/moves`, { move }, tokens[user]);
      assert.ok(played.status < 300, `${move}: ${JSON.stringify(played.body)}`);
    };
    // Round 1 won by dan; he opens round 2 and places its first marble.
    for (const [k, move] of ROUND_WON_BY_PLAYER_2.entries()) await play(k % 2 ? 'dan' : 'cat', move);
    await play('dan', 'next');
    const view = async () => (await call(server.url, 'GET', `/api/games/${id}`)).body.view as Atom4State;
    const legal = async () => {
      const state = await view();
      return atom4.formatMove(atom4.legalMoves(state)[0] as never, state);
    };
    await play('dan', await legal());

    await cat.page.goto(`${server.url}/game/${id}`);
    await cat.page.getByRole('button', { name: 'Go to round 2' }).click();
    // Nothing of cat's in round 2 yet: her last move won nothing back from round 1.
    await cat.page.getByRole('button', { name: 'Propose takeback' }).click();
    await expectText(
      cat.page.locator('.error, [role=alert]').first(),
      /a takeback stays within the round being played/,
    );
    const mine = await legal();
    await cat.page.locator(`[data-cell="${mine}"]`).click();
    await expectText(cat.page.locator('.status'), /dan/);
    await cat.page.getByRole('button', { name: 'Propose takeback' }).click();
    await expectText(cat.page.locator('.takeback'), /You propose to take back move 19/);
    const accepted = await call(
      server.url,
      'POST',
      `/api/games/${id}/takeback`,
      { action: 'accept' },
      tokens.dan,
    );
    assert.equal(accepted.status, 200);
    await expectText(cat.page.locator('.status'), /Your move\./);
    await expectText(cat.page.locator('.side'), /Round 2 of 3 · score 0 : 1/);
    assert.equal(await cat.page.locator('.round-held').count(), 0, 'round 1’s end is not shown again');
    assert.equal(await cat.page.getByRole('button', { name: 'Go to round 2' }).count(), 0);
    assert.equal(
      await cat.page.locator(`[data-cell="${mine}"].marble, [data-cell="${mine}"] .marble`).count(),
      0,
    );
    const back = await view();
    assert.deepEqual([back.round, back.ply, back.roundResult], [2, 1, null]);
    await cat.page.screenshot({ path: 'test-output/screenshots/atom4-takeback-round-2.png' });
    assert.deepEqual(cat.errors, []);
  });
});
