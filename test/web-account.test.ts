/**
 * Accounts in the browser: a refused sign-up says what is wrong in a sentence; the account page
 * changes the password and logs out everywhere; Intricacy's saved locks and tutorial progress
 * follow the account from one browser to another, and what a browser held before logging in is
 * added to the account.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { account, call, ROOT, type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, logIn } from './web-preview.ts';

const LOCK = readFileSync(`${ROOT}/locks/tutorial/01-winning.lock`, 'utf8');

describe('browser client: accounts and what they keep', () => {
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

  /** A browser of its own (its own localStorage), at `path`. */
  async function device(path = '/', width = 1280): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}${path}`);
    return { page, errors };
  }

  it('checks sign-up’s required fields in the browser before asking the server', async () => {
    const { page, errors } = await device();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) asked.push(r.url());
    });
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Sign up' }).click();
    const userId = page.getByLabel('User id');
    assert.notEqual(
      await userId.evaluate((e) => (e as unknown as { validationMessage: string }).validationMessage),
      '',
    );
    assert.equal(await page.getByRole('alert').count(), 0);
    assert.deepEqual(
      asked.filter((u) => /signup|users/.test(u)),
      [],
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('says what a password is when sign-up is refused, not the schema’s words', async () => {
    const { page, errors } = await device();
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('User id').fill('newbie');
    await page.getByLabel('Password').fill('ab');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The server's words, written as a sentence.
    await expectText(page.getByRole('alert'), /^A password is 4 to 128 characters without spaces$/);
    const shown = (await page.getByRole('alert').textContent()) ?? '';
    assert.doesNotMatch(shown, /Expected|body\/|\^|\\S/);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('changes the password on the account page and logs out everywhere', async () => {
    await account(server.url, 'ann');
    const desktop = await device();
    await logIn(desktop.page, 'ann');
    const phone = await device('/', 390);
    await logIn(phone.page, 'ann');

    await desktop.page.locator('.account').getByRole('link', { name: 'Account', exact: true }).click();
    await expectText(desktop.page.locator('h1'), /Your account: ann/);
    const form = desktop.page.locator('form.account-form');
    await form.getByLabel('Current password').fill('wrong123');
    await form.getByLabel('New password', { exact: true }).fill('fresh5678');
    await form.getByLabel('New password again').fill('fresh5678');
    await form.getByRole('button', { name: 'Change password' }).click();
    // Only the current password can be wrong here: the page says so, and stays logged in.
    await expectText(form.getByRole('alert'), /^The current password is wrong$/);
    await form.getByLabel('Current password').fill('pass1234');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expectText(form.getByRole('status'), /Password changed\. Your other devices are logged out/);
    assert.equal(
      (await call(server.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' })).status,
      401,
    );
    // The phone's session ended with the change: opening a page there shows it logged out.
    await phone.page.reload();
    await expectText(phone.page.locator('.account'), /Log in/);
    await logIn(phone.page, 'ann', { password: 'fresh5678' });

    // Log out everywhere from the phone: both devices are logged out.
    await phone.page.goto(`${server.url}/account`);
    phone.page.once('dialog', (dialog) => void dialog.accept());
    await phone.page.getByRole('button', { name: 'Log out everywhere' }).click();
    await expectText(phone.page.locator('.account'), /Log in/);
    await expectText(phone.page.locator('h1'), /^Your account$/);
    // The desktop hears of it at once: its socket is closed, and the page shows it logged out.
    await expectText(desktop.page.locator('.account'), /Log in/);
    assert.deepEqual([...desktop.errors, ...phone.errors], []);
    await desktop.page.context().close();
    await phone.page.context().close();
  });

  it('shows a lock saved in one browser in another logged in as the same player, and keeps the locks saved before logging in', async () => {
    await account(server.url, 'bea');
    const phone = await device('/intricacy/edit', 390);
    await logIn(phone.page, 'bea');
    await phone.page.locator('input[type=file]').setInputFiles({
      name: 'winning.lock',
      mimeType: 'text/plain',
      buffer: Buffer.from(LOCK),
    });
    await phone.page.getByLabel('Lock name').fill('Phone lock');
    await phone.page.getByRole('button', { name: 'Save' }).click();
    await expectText(
      phone.page.getByRole('status').filter({ hasText: 'Saved' }),
      /Saved “Phone lock” to your account/,
    );

    // A desktop that saved a lock before logging in: after logging in it has both.
    const desktop = await device('/intricacy/edit');
    await desktop.page.locator('input[type=file]').setInputFiles({
      name: 'winning.lock',
      mimeType: 'text/plain',
      buffer: Buffer.from(LOCK),
    });
    await desktop.page.getByLabel('Lock name').fill('Desk lock');
    await desktop.page.getByRole('button', { name: 'Save' }).click();
    await expectText(
      desktop.page.getByRole('status').filter({ hasText: 'Saved' }),
      /Saved “Desk lock” in this browser/,
    );
    await logIn(desktop.page, 'bea');
    const saved = desktop.page.getByRole('list', { name: 'Saved locks' });
    await expectText(saved, /Desk lock/);
    await expectText(saved, /Phone lock/);
    await saved.getByRole('button', { name: 'Load Phone lock' }).click();
    await expectText(desktop.page.locator('.validity, .side, main').first(), /piece/);
    const token = await account(server.url, 'bea');
    const kept = await call(server.url, 'GET', '/api/intricacy/saved', undefined, token);
    assert.deepEqual(
      kept.body.locks.map((l: { name: string }) => l.name),
      ['Desk lock', 'Phone lock'],
    );
    assert.deepEqual([...phone.errors, ...desktop.errors], []);
    await phone.page.context().close();
    await desktop.page.context().close();
  });
});
