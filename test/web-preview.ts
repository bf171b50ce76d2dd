/** Build the browser client and serve it with Vite's preview server for a test file. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { launchBrowser } from './browser.ts';

const config = fileURLToPath(new URL('../src/web/vite.config.ts', import.meta.url));

export interface WebFixture {
  readonly base: string;
  readonly browser: Browser;
  open(path: string, width?: number): Promise<{ page: Page; errors: string[] }>;
  /** The page on a touch phone (390 × 844) in its own context, which the caller closes. */
  openPhone(path: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  close(): Promise<void>;
}

let built: Promise<string> | undefined;

/**
 * Build the browser client once per test process into a folder of its own, so test files run side
 * by side never overwrite each other's build (or the one `npm start` serves). Servers this process
 * starts afterwards serve it: TESSERA_WEB_ROOT is inherited by child processes.
 */
export function buildWeb(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'tessera-web-'));
    await build({ configFile: config, logLevel: 'error', build: { outDir, emptyOutDir: true } });
    process.env.TESSERA_WEB_ROOT = outDir;
    return outDir;
  })();
  return built;
}

export async function startWeb(): Promise<WebFixture> {
  const outDir = await buildWeb();
  const server: PreviewServer = await preview({
    configFile: config,
    build: { outDir },
    preview: { port: 0, strictPort: false },
    logLevel: 'error',
  });
  const base = server.resolvedUrls?.local[0] ?? '';
  const browser = await launchBrowser();
  return {
    base,
    browser,
    async open(path, width = 1280) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(new URL(path, base).href);
      return { page, errors };
    },
    async openPhone(path) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(new URL(path, base).href);
      return { context, page, errors };
    },
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    },
  };
}

/** Wait until the locator's text matches (the page updates asynchronously). */
export async function expectText(locator: Locator, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < end) {
    text = (await locator.textContent()) ?? '';
    if (pattern.test(text)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${pattern}, page shows "${text}"`);
}

/** Tap the centre of a cell of an Intricacy lock on screen (the board maps the point to its cell). */
export async function tapLockCell(page: Page, cell: string): Promise<void> {
  const target = page.locator(`svg.lock [data-cell="${cell}"]`).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`cell ${cell} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Log in (or sign up) through the top bar's login box of the page shown; waits until the bar
 * names the user. */
export async function logIn(
  page: Page,
  user: string,
  { password = 'pass1234', signUp = false }: { password?: string; signUp?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('User id').fill(user);
  await page.getByLabel('Password').fill(password);
  await page
    .getByRole('button', { name: signUp ? 'Sign up' : 'Log in', exact: true })
    .last()
    .click();
  await expectText(page.locator('.account .who'), new RegExp(user));
}

/**
 * A person who signs up on the server's page in a browser profile of their own (their own session),
 * at desktop size or on a touch phone; their page and the script errors it raises.
 */
export async function signedUpPerson(
  browser: Browser,
  base: string,
  user: string,
  { phone = false, height = 900 }: { phone?: boolean; height?: number } = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height } },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  await logIn(page, user, { signUp: true });
  return { page, errors };
}
