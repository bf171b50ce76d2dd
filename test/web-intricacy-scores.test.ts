/**
 * The metagame page explains its rules and each score: against a real server, the worked example
 * of the page is played over the API (ABC and XYZ place locks and declare each other's), then the
 * page shows the rules and, for a score chosen in the table, the accesses that make it up. And the
 * welcome page shows a logged-in player the progress kept with their account.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { PULL as LOCK, PULL_SOLUTION as SOLUTION } from './intricacy-locks.ts';
import { type Answer, account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');

describe('browser client: the metagame rules and scores explained', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    mkdirSync(OUT, { recursive: true });
    const ok = (a: Answer, status = 200) => {
      assert.equal(a.status, status, JSON.stringify(a.body));
      return a.body;
    };
    const api = (method: string, path: string, body: unknown, who: string) =>
      call(server.url, method, `/api/intricacy${path}`, body, tokens[who]);
    for (const name of ['ABC', 'XYZ']) {
      tokens[name] = await account(server.url, `user${name}`);
      ok(await api('POST', '/register', { codename: name }, name), 201);
    }
    // The page's worked example: locks 0 and 1 are ABC's, lock 2 XYZ's; each declares the other's.
    for (const [who, slot] of [
      ['ABC', 0],
      ['ABC', 1],
      ['XYZ', 0],
    ] as const)
      ok(await api('PUT', `/slots/${slot}`, { lock: LOCK, solution: SOLUTION }, who));
    ok(await api('POST', '/locks/0/solution', { solution: SOLUTION, slot: 0 }, 'XYZ'));
    ok(await api('POST', '/locks/2/solution', { solution: SOLUTION, slot: 0 }, 'ABC'));
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  async function metaPage(who: string | null, width = 1280) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    if (who)
      await context.addInitScript(
        `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: `user${who}`, token: tokens[who] }))});`,
      );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/intricacy/meta`);
    return { context, page, errors };
  }

  it('explains the rules, open for an outsider, folded for a player', async () => {
    const outsider = await metaPage(null);
    const rules = outsider.page.locator('details.meta-rules');
    await expectText(rules, /three notes on the lock in it/);
    assert.equal(await rules.getAttribute('open'), '', 'open for someone who is not playing yet');
    await expectText(rules, /A worked example.*ABC's score\s+against XYZ is 0 \+ 1 \+ 1 − 0 = \+2/s);
    await expectText(rules, /no point when B has read your note on that\s+lock/);
    assert.deepEqual(outsider.errors, []);
    await outsider.context.close();

    const player = await metaPage('ABC');
    await expectText(player.page.locator('main'), /You are ABC/);
    assert.equal(await player.page.locator('details.meta-rules').getAttribute('open'), null);
    await player.page.getByText('How the metagame works').click();
    await expectText(player.page.locator('details.meta-rules'), /Accessing a slot/);
    assert.deepEqual(player.errors, []);
    await player.context.close();
  });

  it("the welcome page shows a logged-in player the account's progress, on any device", async () => {
    const solved = { 'tutorial/01-winning': 6, 'tutorial/02-tools': 9 };
    const answer = await call(server.url, 'POST', '/api/intricacy/progress', { solved }, tokens.XYZ);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const { context, page, errors } = await metaPage('XYZ');
    await page.goto(`${server.url}/intricacy`);
    await expectText(page.locator('main'), /Welcome back\. Tutorial: 2 of 11 locks solved/);
    await page.getByRole('button', { name: 'Continue: Tutorial 3, Waiting →' }).click();
    await page.getByRole('heading', { name: 'Tutorial 3: Waiting' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('shows, for a score chosen in the table, the accesses that make it up', async () => {
    const { context, page, errors } = await metaPage('ABC');
    await page.getByRole('button', { name: 'Explain ABC against XYZ: +2' }).click();
    const why = page.getByRole('region', { name: 'Score explained' });
    await expectText(why, /ABC's score against XYZ is \+2/);
    const items = why.getByRole('listitem');
    await expectText(items.nth(3), /./);
    assert.deepEqual(await items.allTextContents(), [
      "0 ABC accesses XYZ's slot 1, lock 2 (solved and declared): no point, as XYZ has read ABC's note 1 on it",
      "+1 ABC accesses XYZ's slot 2, empty (empty slot)",
      "+1 ABC accesses XYZ's slot 3, empty (empty slot)",
      "0 XYZ accesses ABC's slot 1, lock 0 (solved and declared): no point, as ABC has read XYZ's note 0 on it",
    ]);
    await page.screenshot({ path: join(OUT, 'intricacy-meta-scores-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Explain XYZ against ABC: −2' }).click();
    await expectText(why, /XYZ's score against ABC is −2/);
    await why.getByRole('button', { name: 'Close' }).click();
    assert.equal(await why.count(), 0);
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await metaPage('XYZ', 390);
    await phone.page.getByRole('button', { name: 'Explain XYZ against ABC: −2' }).click();
    await expectText(phone.page.getByRole('region', { name: 'Score explained' }), /no point/);
    await phone.page.screenshot({ path: join(OUT, 'intricacy-meta-scores-phone.png'), fullPage: true });
    const overflow = (await phone.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
});
