/**
 * Intricacy for a newcomer in the browser: the card leads to a welcome with one button to the
 * first tutorial lock, a returning player is sent to where they left off, `?lock=` on Pick a lock
 * opens the lock it names (or says why it cannot), and a half-picked lock survives a reload.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseLockText } from '../src/games/intricacy/index.ts';
import { ROOT } from './support.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');
const LOCK_SELECT = 'select[aria-label=Lock] option:checked';

describe('browser client: Intricacy for newcomers', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    mkdirSync(OUT, { recursive: true });
  });
  after(() => web?.close());

  it('the card leads a newcomer to a welcome, and its one button to tutorial 1', async () => {
    const { page, errors } = await web.open('/');
    await page
      .getByRole('link', { name: /Intricacy/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Intricacy', exact: true }).waitFor();
    const main = page.locator('main');
    await expectText(main, /design locks of your own for other players to pick/);
    await expectText(main, /The hook.*The wrench/s);
    assert.equal(await page.locator('svg.lock').count(), 0, 'no lock is thrown at a newcomer');
    await page.screenshot({ path: join(OUT, 'intricacy-welcome-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: 'Start the tutorial →' }).click();
    await page.getByRole('heading', { name: 'Tutorial 1: Winning' }).waitFor();
    await expectText(page.locator('.intro'), /bolthole/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a returning player sees their progress and carries on where they left off', async () => {
    const { page, errors } = await web.open('/intricacy/tutorial?lock=tutorial%2F01-winning');
    // The text speaks of "a ball (O)" and "the hook (H)": the board writes them so too.
    await expectText(page.locator('.intro'), /a ball \(O\).*the hook \(H\)/);
    for (const letter of ['O', 'H', 'W'])
      assert.equal(await page.locator('svg.lock text').getByText(letter, { exact: true }).count(), 1, letter);
    // Tutorial 1 opens with the shortest solution (6 turns) typed in.
    await page.getByText('Type moves').click();
    await page.getByLabel('Moves to play').fill('hE hE hE hNE h+ hSW');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectText(page.locator('.solved-note'), /Solved in 6 moves/);
    await page.getByRole('link', { name: 'Start', exact: true }).click();
    await expectText(page.locator('main'), /Welcome back\. Tutorial: 1 of 11 locks solved/);
    await page.getByRole('button', { name: 'Continue: Tutorial 2, Tools →' }).click();
    await page.getByRole('heading', { name: 'Tutorial 2: Tools' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('?lock= opens the lock it names, by name or short name, and explains a bad one', async () => {
    const { page, errors } = await web.open('/intricacy/pick?lock=tutorial/04-wrench');
    await expectText(page.locator(LOCK_SELECT), /tutorial\/04-wrench/);
    await page.goto(new URL('/intricacy/pick?lock=axe', web.base).href);
    await expectText(page.locator(LOCK_SELECT), /initiation\/AXE/);
    await page.goto(new URL('/intricacy/pick?lock=no-such-lock', web.base).href);
    await expectText(page.getByRole('alert'), /There is no lock named "no-such-lock"/);
    // The lock shown meanwhile is the last one shown, and choosing another names it in the address.
    await expectText(page.locator(LOCK_SELECT), /initiation\/AXE/);
    await page.getByLabel('Lock', { exact: true }).selectOption('tutorial/02-tools');
    assert.match(page.url(), /\?lock=tutorial%2F02-tools$/);
    assert.equal(await page.getByRole('alert').count(), 0, 'the refusal goes once another lock is chosen');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('?lock=<number> opens a lock of the metagame, and says when there is no such lock', async () => {
    const { page, errors } = await web.open('/');
    // The metagame's lock 7, as the server would send it (the tutorial's first lock, as JSON).
    const lock = lockJson('tutorial/01-winning');
    await page.route('**/api/intricacy/locks/7', (route) =>
      route.fulfill({ json: { id: 7, owner: 'ABC', slot: 0, lock } }),
    );
    await page.route('**/api/intricacy/locks/99', (route) =>
      route.fulfill({ status: 404, json: { error: 'there is no lock 99', code: 'not-found' } }),
    );
    await page.goto(new URL('/intricacy/pick?lock=7', web.base).href);
    await expectText(page.locator(LOCK_SELECT), /lock 7 by ABC/);
    await page.goto(new URL('/intricacy/pick?lock=99', web.base).href);
    await expectText(page.getByRole('alert'), /There is no lock 99 in the metagame on this server\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a half-picked lock survives a reload: the lock, the moves, the turn on screen', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    await page.getByLabel('Lock', { exact: true }).selectOption('tutorial/04-wrench');
    const status = page.locator('.status');
    for (const key of ['l', 'l', 'u']) await page.keyboard.press(key);
    await expectText(status, /Turn 3, last hNE\./);
    await page.keyboard.press('z');
    await expectText(status, /Turn 2, last hE\./);
    await page.goto(new URL('/intricacy/pick', web.base).href);
    await expectText(page.locator(LOCK_SELECT), /tutorial\/04-wrench/);
    await expectText(status, /Turn 2, last hE\./);
    await expectText(page.getByRole('alert'), /Carried on where you left off: turn 2 of 3\./);
    await page.keyboard.press('x');
    await expectText(status, /Turn 3, last hNE\./, 5000);
    // The welcome page offers to carry on with it.
    await page.goto(new URL('/intricacy', web.base).href);
    await expectText(page.locator('main'), /You were picking tutorial\/04-wrench, at turn 3/);
    await page.getByRole('link', { name: 'carry on picking it' }).click();
    await expectText(status, /Turn 3, last hNE\./);
    // A tutorial lock too.
    await page.goto(new URL('/intricacy/tutorial?lock=tutorial%2F03-waiting', web.base).href);
    await expectText(status, /Turn 0\./);
    await page.keyboard.press('l');
    await expectText(status, /Turn 1, last hE\./);
    await page.reload();
    await expectText(status, /Turn 1, last hE\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('fits a phone', async () => {
    const { context, page, errors } = await web.openPhone('/intricacy');
    await page.getByRole('button', { name: 'Start the tutorial →' }).waitFor();
    await page.screenshot({ path: join(OUT, 'intricacy-welcome-phone.png'), fullPage: true });
    const overflow = (await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** A bundled lock in its JSON form (the wire's). */
function lockJson(name: string): unknown {
  const parsed = parseLockText(readFileSync(join(ROOT, 'locks', `${name}.lock`), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}
