/**
 * Every page at desktop and phone size, in the light and the dark theme, against a real server with
 * games in progress: saved as PNGs in test-output/screenshots/ for review, and checked for what a
 * screenshot cannot prove by eye: no script errors, nothing wider than a phone held upright, a name
 * for every control, the theme the system asks for.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type AnyGame, GAMES, type GameId } from '../src/games/index.ts';
import { launchBrowser } from './browser.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { buildWeb } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** The system's colour scheme, which the page follows; the page's background in each. */
const THEMES = [
  { name: 'light', background: 'rgb(244, 241, 234)' },
  { name: 'dark', background: 'rgb(21, 23, 28)' },
] as const;

/** Moves that make a game page worth looking at; a game without any shows its first legal move. */
const SAMPLE_MOVES: Partial<Record<GameId, string[]>> = {
  // Threads of both sides and one of Warp's patches.
  warpweft: 'A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6'.split(' '),
  atom4: ['8,6'],
};

/** Where a game's own page shows a particular board rather than a random one. */
const SAMPLE_QUERY: Partial<Record<GameId, string>> = { sigmar: '?seed=7' };

/** The first legal move of a game, in its notation. */
const firstMove = (game: AnyGame, view: unknown): string => game.formatMove(game.legalMoves(view)[0], view);

/** Controls a screen reader could not name: no label, text, aria-label or title. */
const UNNAMED_CONTROLS = `[...document.querySelectorAll(
  'button, input, select, textarea, a[href], [role=button], [role=application], svg[role]'
)].filter((el) => {
  const by = el.getAttribute('aria-labelledby');
  const named = (el.getAttribute('aria-label') || '').trim() ||
    (by && document.getElementById(by)?.textContent.trim()) ||
    (el.labels && [...el.labels].map((l) => l.textContent).join('').trim()) ||
    (el.tagName !== 'INPUT' && el.tagName !== 'SELECT' && el.textContent.trim()) ||
    el.getAttribute('title');
  return !named;
}).map((el) => el.outerHTML.slice(0, 120))`;

describe('screenshots of every page at desktop and phone size', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';
  /** Name, address, and what shows once the page has loaded its data. */
  const pages: [string, string, string][] = [];
  before(async () => {
    await buildWeb();
    server = await startServer({ TESSERA_BOT_MS: '50' });
    browser = await launchBrowser();
    mkdirSync(OUT, { recursive: true });
    // Two people with a game of each kind for two under way, and a finished one for the standings.
    token = await account(server.url, 'ann');
    const bob = await account(server.url, 'bob');
    const under: [string, string, string][] = [];
    for (const game of Object.values(GAMES)) {
      const options = game.parseOptions(undefined);
      if (!options.ok || game.seatCount(options.value) !== 2) continue;
      const made = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: game.id, players: ['ann', 'bob'] },
        token,
      );
      assert.equal(made.status, 201, made.body.error);
      const id = made.body.id as number;
      const moves = SAMPLE_MOVES[game.id as GameId] ?? [firstMove(game, made.body.view)];
      for (const [n, move] of moves.entries()) {
        const played = await call(
          server.url,
          'POST',
          `/api/games/${id}/moves`,
          { move },
          n % 2 === 0 ? token : bob,
        );
        assert.equal(played.status, 200, played.body.error);
      }
      under.push([`game-${game.id}`, `/game/${id}`, '.moves li']);
    }
    // Two finished games, so that ann's profile draws her rating history as a chart; the last is replayed.
    let finished = 0;
    for (let k = 0; k < 2; k++) {
      const done = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: 'atom4', players: ['ann', 'bob'] },
        token,
      );
      // Both play before bob resigns: a game nobody really played is void and not in the standings.
      await call(server.url, 'POST', `/api/games/${done.body.id}/moves`, { move: '8,6' }, token);
      await call(server.url, 'POST', `/api/games/${done.body.id}/moves`, { move: '7,6' }, bob);
      await call(server.url, 'POST', `/api/games/${done.body.id}/resign`, undefined, bob);
      finished = done.body.id as number;
    }
    await call(server.url, 'POST', '/api/games', { gameType: 'warpweft', players: ['bob', 'ann'] }, bob);
    // Each game's own page, as the top bar links them.
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('header nav a').first().waitFor();
    const links = await page.locator('header nav a').all();
    const own = (await Promise.all(links.map((a) => a.getAttribute('href')))) as string[];
    await page.close();
    assert.ok(own.length >= 4, `the top bar links ${own.join(', ')}`);
    pages.push(
      ['lobby', '/', '.standings'],
      ...own.map((path): [string, string, string] => {
        const id = path.slice(1);
        return [id, `${path}${SAMPLE_QUERY[id as GameId] ?? ''}`, 'main h1'];
      }),
      ...under,
      ['account', '/account', 'main h1'],
      ['games', '/games?user=ann', '.archive-table'],
      ['replay', `/game/${finished}?move=1`, '.replay-caption'],
      ['player-ann', '/player/ann', '.rating-chart canvas'],
      ['sigmar-daily', '/sigmar/daily', '.daily-days'],
      // Intricacy's pages below its welcome: picking, the tutorial, the editor, the metagame.
      ['intricacy-pick', '/intricacy/pick', 'svg.lock'],
      ['intricacy-tutorial', '/intricacy/tutorial', 'svg.lock'],
      ['intricacy-edit', '/intricacy/edit', 'svg.lock'],
      ['intricacy-meta', '/intricacy/meta', 'main h1'],
      // Each course of lessons, at its first lesson.
      ['atom4-learn', '/atom4/learn', '.lesson h2'],
      ['warpweft-learn', '/warpweft/learn', '.lesson h2'],
      ['sigmar-learn', '/sigmar/learn', '.lesson h2'],
      ['not-found', '/nowhere', 'h1'],
    );
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`saves every page at ${size.name} size (${size.width}px) in the ${theme.name} theme: none wider than the screen, every control named`, async () => {
        for (const loggedIn of [false, true]) {
          const context = await browser.newContext({
            viewport: { width: size.width, height: size.height },
            deviceScaleFactor: 1,
            colorScheme: theme.name,
            ...(size.name === 'phone' ? { isMobile: true, hasTouch: true } : {}),
          });
          if (loggedIn) {
            await context.addInitScript(
              `localStorage.setItem('tessera.session', ${JSON.stringify(JSON.stringify({ user: 'ann', token }))})`,
            );
          }
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          const list = loggedIn
            ? pages.filter(
                ([n]) =>
                  n === 'lobby' ||
                  n === 'account' ||
                  n === 'games' ||
                  n.startsWith('game-') ||
                  n.startsWith('player-'),
              )
            : pages;
          for (const [name, path, ready] of list) {
            await page.goto(`${server.url}${path}`);
            await page.locator(ready).first().waitFor();
            if (loggedIn && name === 'lobby') await page.locator('.challenges').waitFor();
            const file = `${name}${loggedIn ? '-ann' : ''}-${size.name}${theme.name === 'dark' ? '-dark' : ''}.png`;
            await page.screenshot({ path: join(OUT, file), fullPage: true });
            const overflow = (await page.evaluate(
              'document.documentElement.scrollWidth - document.documentElement.clientWidth',
            )) as number;
            assert.ok(overflow <= 1, `${file}: the page is ${overflow}px wider than the screen`);
            assert.deepEqual(await page.evaluate(UNNAMED_CONTROLS), [], `${file}: controls without a name`);
            const background = await page.evaluate(
              'getComputedStyle(document.documentElement).backgroundColor',
            );
            assert.equal(background, theme.background, `${file}: the page's background`);
          }
          assert.deepEqual(errors, []);
          await context.close();
        }
      });
    }
  }
});
