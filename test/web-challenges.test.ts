/**
 * A challenge's terms and its own challenger's Cancel in the browser lobby, and blocking from a
 * player's page and the account's settings; each saved at desktop and phone size in both themes.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText } from './web-preview.ts';

const OUT = join(import.meta.dirname, '..', 'test-output', 'screenshots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

describe('challenges in the browser: terms, Cancel, blocking', () => {
  let server: ServerProcess;
  let browser: Browser;
  const tokens: Record<string, string> = {};
  let id = 0;
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    for (const user of ['ann', 'bob']) tokens[user] = await account(server.url, user);
    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 3 }, timeControl: '3d+7d' },
      tokens.ann,
    );
    assert.equal(made.status, 201);
    id = made.body.id as number;
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  /** `user`'s page at a size and in a theme, logged in already; and the script errors it raises. */
  const open = async (user: string, path: string, size: (typeof SIZES)[number], theme: string) => {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      colorScheme: theme as 'light' | 'dark',
      ...(size.name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    });
    await context.addInitScript(
      `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user, token: tokens[user] }))})`,
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  };
  const save = async (page: Page, name: string, size: (typeof SIZES)[number], theme: string) => {
    const width = await page.evaluate('document.documentElement.scrollWidth');
    assert.ok(Number(width) <= size.width, `${name} fits the screen (${width} px)`);
    await page.screenshot({
      path: join(OUT, `${name}-${size.name}${theme === 'dark' ? '-dark' : ''}.png`),
      fullPage: true,
    });
  };

  for (const size of SIZES)
    for (const theme of THEMES)
      it(`shows a received challenge's terms and one's own challenge with Cancel (${size.name}, ${theme})`, async () => {
        const bob = await open('bob', '/', size, theme);
        const received = bob.page.locator('.challenges li', { hasText: `Atom-4 #${id}` });
        await expectText(
          received,
          /Atom-4, rounds 3 · 3 days per move, bank up to 7 days · rated · you play Player 2 \(blacks\), ann moves first/,
        );
        await bob.page.getByRole('button', { name: `Decline Atom-4 #${id} from ann` }).waitFor();
        assert.equal(await received.getByRole('button', { name: /^Cancel/ }).count(), 0);
        await save(bob.page, 'lobby-challenge-received', size, theme);

        const ann = await open('ann', '/', size, theme);
        const own = ann.page.locator('section[aria-labelledby="own-challenges-title"] li', {
          hasText: `Atom-4 #${id}`,
        });
        await expectText(own, /rated · you play Player 1 \(whites\), you move first/);
        await ann.page.getByRole('button', { name: `Cancel Atom-4 #${id} to bob` }).waitFor();
        assert.equal(await own.getByRole('button', { name: /^(Accept|Decline)/ }).count(), 0);
        await save(ann.page, 'lobby-challenge-own', size, theme);

        // On the game page, too, the challenger is offered Cancel, not Decline.
        await ann.page.goto(`${server.url}/game/${id}`);
        await ann.page.getByRole('button', { name: 'Cancel challenge' }).waitFor();
        assert.equal(await ann.page.getByRole('button', { name: 'Decline' }).count(), 0);
        assert.deepEqual([...bob.errors, ...ann.errors], []);
        await bob.page.context().close();
        await ann.page.context().close();
      });

  it('cancels one’s own challenge from the lobby: it leaves both lobbies, void', async () => {
    const bob = await open('bob', '/', SIZES[0], 'light');
    const ann = await open('ann', '/', SIZES[0], 'light');
    const cancel = ann.page.getByRole('button', { name: `Cancel Atom-4 #${id} to bob` });
    await cancel.click();
    await cancel.waitFor({ state: 'detached' });
    const shown = await call(server.url, 'GET', `/api/games/${id}`);
    assert.equal(shown.body.status, 'void');
    assert.match(JSON.stringify(shown.body.outcome), /ann cancelled the challenge/);
    // Bob's lobby hears of it live: the challenge goes, and a line says why.
    await bob.page
      .getByRole('button', { name: `Decline Atom-4 #${id} from ann` })
      .waitFor({ state: 'detached' });
    assert.deepEqual([...bob.errors, ...ann.errors], []);
    await bob.page.context().close();
    await ann.page.context().close();
  });

  it('blocks a player from their page, lists them in the account, and refuses a challenge between them', async () => {
    for (const size of SIZES)
      for (const theme of THEMES) {
        const bob = await open('bob', '/player/ann', size, theme);
        // The first time round bob blocks ann; after that the page says so.
        await bob.page.locator('.block-player').waitFor();
        if (size === SIZES[0] && theme === THEMES[0]) {
          await bob.page.getByRole('button', { name: 'Block ann', exact: true }).click();
          await bob.page.getByRole('button', { name: 'Yes, block' }).click();
        }
        await expectText(bob.page.locator('.block-player'), /You have blocked ann/);
        await save(bob.page, 'player-blocked', size, theme);
        await bob.page.goto(`${server.url}/account`);
        await bob.page.getByRole('button', { name: 'Unblock ann' }).waitFor();
        await save(bob.page, 'account-blocked', size, theme);
        assert.deepEqual(bob.errors, []);
        await bob.page.context().close();
      }
    const ann = await open('ann', '/', SIZES[0], 'light');
    await ann.page.getByLabel('Opponent', { exact: true }).fill('bob');
    await ann.page.getByRole('button', { name: 'Challenge' }).click();
    await expectText(ann.page.locator('.setup [role="alert"]'), /you cannot challenge bob/);
    await ann.page.context().close();

    const bob = await open('bob', '/account', SIZES[0], 'light');
    await bob.page.getByRole('button', { name: 'Unblock ann' }).click();
    await expectText(
      bob.page.locator('section[aria-labelledby="account-blocks"]'),
      /You have blocked nobody/,
    );
    await bob.page.context().close();
  });
});
