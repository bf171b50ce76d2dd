/**
 * The Intricacy metagame in the browser against a real server: two players register codenames
 * picked from the suggestions, place a lock from the editor's saved locks, one picks the other's
 * lock and declares the solution behind their own; the owner's page updates live. Screenshots
 * of the metagame page at desktop and phone size go to test-output/screenshots/.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import {
  criticise,
  EASY_MOVES,
  easyLockQuestion,
  formatMoveList,
  parseLock,
  verdictText,
} from '../src/games/intricacy/index.ts';
import { launchBrowser } from './browser.ts';
import { CONFLICTS as EASY, PULL as LOCK, PULL_SOLUTION as SOLUTION } from './intricacy-locks.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { expectText } from './web-preview.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));
const OUT = join(ROOT, 'test-output', 'screenshots');

describe('browser client: the Intricacy metagame', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await build({ configFile: config, logLevel: 'error' });
    server = await startServer();
    browser = await launchBrowser();
    mkdirSync(OUT, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  /** A logged-in player with the lock saved in the editor (as "Test" and "Save" leave it). */
  async function player(
    user: string,
    width = 1280,
    more: Record<string, { text: string; solution: string }> = {},
  ): Promise<{ page: Page; errors: string[] }> {
    const token = await account(server.url, user);
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    const saved = {
      spring: { text: LOCK, solution: SOLUTION, saved: '2026-01-01T00:00:00Z' },
      ...Object.fromEntries(
        Object.entries(more).map(([n, l]) => [n, { ...l, saved: '2026-01-01T00:00:00Z' }]),
      ),
    };
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user, token }))});
       localStorage.setItem('tessera.intricacy.editor.locks', ${JSON.stringify(JSON.stringify(saved))});`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/intricacy/meta`);
    return { page, errors };
  }

  async function register(page: Page): Promise<string> {
    const skip = page.getByRole('button', { name: 'Skip the initiation' });
    await page.getByRole('heading', { name: /Before you register|Choose your codename/ }).waitFor();
    if (await skip.isVisible()) await skip.click();
    const chip = page.locator('.codename-chip').first();
    await chip.waitFor();
    const codename = (await chip.textContent()) ?? '';
    await chip.click();
    assert.equal(await page.getByLabel('Codename').inputValue(), codename);
    await page.getByRole('button', { name: 'Register' }).click();
    await expectText(page.locator('.meta-page > .meta').first(), new RegExp(`You are ${quote(codename)}`));
    return codename;
  }

  it('registers, places a lock, and declares a solution on another player’s lock; the owner sees it live', async () => {
    const ann = await player('ann');
    const annName = await register(ann.page);
    await ann.page.getByRole('button', { name: 'Place' }).first().click();
    await expectText(ann.page.getByRole('status'), /Lock placed in your slot 1/);
    await expectText(ann.page.getByRole('listitem', { name: 'Your slot 1' }), /0 notes on it/);

    const bob = await player('bob');
    const bobName = await register(bob.page);
    await bob.page.getByRole('button', { name: 'Place' }).first().click();
    await expectText(bob.page.getByRole('status'), /Lock placed in your slot 1/);

    // Bob picks Ann's lock with the keys and declares the solution behind his own lock.
    const annSection = bob.page.getByRole('region', { name: `Player ${annName}` });
    await annSection.getByRole('button', { name: /Pick lock/ }).click();
    await expectText(bob.page.locator('.status'), /Turn 0\./);
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k', 'h']) await bob.page.keyboard.press(key);
    await expectText(bob.page.locator('.status'), /Open! 7 turns\./);
    await bob.page.getByLabel('Secure behind').selectOption({ index: 0 });
    await bob.page.getByRole('button', { name: 'Declare solution' }).click();
    await expectText(bob.page.getByRole('status').last(), /declared/);
    await bob.page.getByRole('button', { name: '← Back to the world' }).click();
    await expectText(
      bob.page.getByRole('region', { name: `Player ${annName}` }),
      /You access it \(solved and declared\)/,
    );

    // Ann's page, untouched, has been told of the change and shows the note on her lock.
    await expectText(ann.page.getByRole('listitem', { name: 'Your slot 1' }), /1 note on it/);
    await expectText(
      ann.page.getByRole('listitem', { name: 'Your slot 1' }),
      new RegExp(`Accessed by ${quote(bobName)}`),
    );
    await expectText(ann.page.locator('table.scores'), new RegExp(quote(bobName)));

    // Ann solves Bob's lock in turn: accessing his slot, she reads the note behind it, and replays it.
    await ann.page
      .getByRole('region', { name: `Player ${bobName}` })
      .getByRole('button', { name: /Pick lock/ })
      .click();
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k', 'h']) await ann.page.keyboard.press(key);
    await expectText(ann.page.locator('.status'), /Open! 7 turns\./);
    await ann.page.getByRole('button', { name: 'Declare solution' }).click();
    await expectText(ann.page.getByRole('status').last(), /declared/);
    await ann.page.getByRole('button', { name: '← Back to the world' }).click();
    const notes = ann.page.getByRole('region', { name: 'Notes you have read' });
    await expectText(notes, new RegExp(`${quote(bobName)}'s solution of lock 0`));
    await ann.page.screenshot({ path: join(OUT, 'intricacy-meta-desktop.png'), fullPage: true });
    await notes
      .getByRole('button', { name: /Replay note/ })
      .first()
      .click();
    await expectText(ann.page.getByRole('alert'), /7 moves loaded/);
    await ann.page.getByRole('button', { name: 'Replay' }).click();
    await expectText(ann.page.locator('.status'), /Open! 7 turns\./);
    await ann.page.getByRole('button', { name: '← Back to the world' }).click();

    // Retiring her lock puts it among the retired locks, for everyone, live.
    ann.page.once('dialog', (dialog) => void dialog.accept());
    await ann.page
      .getByRole('listitem', { name: 'Your slot 1' })
      .getByRole('button', { name: 'Retire' })
      .click();
    await expectText(ann.page.getByRole('status'), /retired/);
    await expectText(
      bob.page.getByRole('region', { name: 'Retired locks' }),
      new RegExp(`Lock 0 by ${quote(annName)}`),
    );
    assert.deepEqual(ann.errors, []);
    assert.deepEqual(bob.errors, []);

    // The same world on a phone, as Ann; nothing wider than the screen.
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const session = await ann.page.evaluate(() => localStorage.getItem('tessera.session'));
    await phone.addInitScript(`localStorage.setItem('tessera.session', ${JSON.stringify(session)})`);
    const small = await phone.newPage();
    await small.goto(`${server.url}/intricacy/meta`);
    await expectText(small.getByRole('region', { name: 'Retired locks' }), /Lock 0 by/);
    await small.screenshot({ path: join(OUT, 'intricacy-meta-phone.png'), fullPage: true });
    const overflow = (await small.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    assert.ok(overflow <= 1, `the metagame page is ${overflow}px wider than a phone`);
    await phone.close();

    // Enough players for two pages of them: Next shows the rest, Previous the first again.
    for (let i = 0; i < 10; i++) {
      const token = await account(server.url, `pager${i}`);
      const registered = await call(
        server.url,
        'POST',
        '/api/intricacy/register',
        { codename: `P${i}!` },
        token,
      );
      assert.equal(registered.status, 201);
    }
    const players = ann.page.getByRole('region', { name: 'Players', exact: true });
    await expectText(players, /Players 1–10 of 12/);
    await expectText(players, /P7!/);
    assert.equal(await ann.page.getByRole('region', { name: 'Player P9!' }).count(), 0);
    await players.getByRole('button', { name: 'Next' }).first().click();
    await expectText(players, /Players 11–12 of 12/);
    await ann.page.getByRole('region', { name: 'Player P9!' }).waitFor();
    await players.getByRole('button', { name: 'Previous' }).first().click();
    await expectText(players, /Players 1–10 of 12/);
    assert.deepEqual(ann.errors, []);
  });

  it("shows a lock's designer, and nobody else, the critic's verdict when placing it, asking first when it is easy", async () => {
    const easy = parseLock(EASY);
    assert.ok(easy.ok);
    const verdict = criticise(easy.value);
    assert.ok(verdict.kind === 'opens' && verdict.moves.length <= EASY_MOVES, 'an easy lock');
    const carol = await player('carol', 1280, {
      easy: { text: EASY, solution: formatMoveList(verdict.moves) },
    });
    await register(carol.page);
    const slot = carol.page.getByRole('listitem', { name: 'Your slot 1' });
    await slot.getByLabel('Lock for slot 1').selectOption('easy');
    // Declined: nothing placed, the verdict shown.
    const asked: string[] = [];
    carol.page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await slot.getByRole('button', { name: 'Place' }).click();
    await expectText(slot, new RegExp(`Not placed\\. The critic: ${quote(verdictText(verdict))}`));
    assert.deepEqual(asked, [easyLockQuestion(verdict)]);
    assert.match(asked[0] ?? '', /opens in 3 moves/);
    await expectText(slot, /Empty\./);
    // Confirmed: placed, and the verdict stays in view for its designer.
    carol.page.once('dialog', (dialog) => void dialog.accept());
    await slot.getByRole('button', { name: 'Place' }).click();
    await expectText(carol.page.getByRole('status'), /Lock placed in your slot 1/);
    await expectText(slot, new RegExp(`The critic \\(shown to you only\\): ${quote(verdictText(verdict))}`));
    await carol.page.screenshot({ path: join(OUT, 'intricacy-meta-critic-desktop.png'), fullPage: true });
    // Another player's page says nothing of the critic.
    const ann = await player('ann');
    await expectText(ann.page.locator('.meta-page'), /Your slots/);
    assert.doesNotMatch((await ann.page.locator('body').textContent()) ?? '', /critic|distinct shortest/i);
    assert.deepEqual(carol.errors, []);
  });
});

const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
