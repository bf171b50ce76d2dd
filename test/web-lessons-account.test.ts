/**
 * Lessons done are kept with the account: against a real server, the API keeps only real lesson
 * ids, and a lesson done in one browser (before logging in, or logged in) shows as done in another
 * where the same person is logged in.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { lessonPlans } from './lesson-plans.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

describe('lesson progress kept with the account', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    token = await account(server.url, 'ann');
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('keeps the lessons sent, refuses ids that name no lesson, and asks who is asking', async () => {
    const api = (method: string, body?: unknown, who: string | undefined = token) =>
      call(server.url, method, '/api/lessons/progress', body, who);
    assert.deepEqual((await api('GET')).body, { done: [] });
    const kept = await api('POST', { done: ['sigmar/pairs', 'atom4/placing'] });
    assert.equal(kept.status, 200);
    assert.deepEqual(kept.body, { done: ['atom4/placing', 'sigmar/pairs'] });
    const unknown = await api('POST', { done: ['atom4/placing', 'atom4/flying'] });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.error, /there is no lesson called "atom4\/flying"/);
    const malformed = await api('POST', { done: 'atom4/placing' });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.error, /lesson/);
    assert.equal((await api('GET', undefined, 'not-a-token')).status, 401);
    assert.deepEqual((await api('GET')).body, { done: ['atom4/placing', 'sigmar/pairs'] });
  });

  it('a lesson done on one device shows as done on another once logged in', async () => {
    const [, second] = lessonPlans('warpweft');
    assert.ok(second);
    const device = async (loggedIn: boolean) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      if (loggedIn)
        await context.addInitScript(
          `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'bob', token: bobToken }))});`,
        );
      const page = await context.newPage();
      await page.goto(`${server.url}/warpweft/learn`);
      return { context, page };
    };
    const bobToken = await account(server.url, 'bob');
    // The first device, logged in, does the second lesson.
    const first = await device(true);
    await first.page.getByRole('button', { name: second.title }).click();
    await first.page.getByRole('button', { name: 'Switch to patches' }).click();
    await expectText(first.page.locator('.lesson-verdict'), /^Well done\./);
    await expectText(first.page.locator('.lesson-list .meta'), /^1 of 5 lessons done/);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const kept = await call(server.url, 'GET', '/api/lessons/progress', undefined, bobToken);
      if (kept.body.done?.length) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.deepEqual((await call(server.url, 'GET', '/api/lessons/progress', undefined, bobToken)).body, {
      done: ['warpweft/switch'],
    });
    await first.context.close();
    // Another device, logged in as bob, shows it done.
    const other = await device(true);
    await expectText(other.page.locator('.lesson-list .meta'), /^1 of 5 lessons done/);
    await expectText(other.page.locator('.lesson-list'), new RegExp(`✓ ${second.title}`));
    await other.context.close();
  });
});
