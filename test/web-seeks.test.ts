/**
 * Two strangers meet in the browser: one asks to play someone and waits, the other sees the open
 * challenge appear live, asks to play someone too, and both are in the same rated game at once.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { type ServerProcess, startServer } from './support.ts';
import { buildWeb, expectText, signedUpPerson } from './web-preview.ts';

const SHOTS = 'test-output/screenshots';

describe('browser: open challenges and quick pairing', () => {
  let server: ServerProcess;
  let browser: Browser;
  before(async () => {
    await buildWeb();
    server = await startServer();
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.kill();
  });

  it('pairs two strangers through Play someone, each told at once', async () => {
    const ann = await signedUpPerson(browser, server.url, 'ann');
    const bob = await signedUpPerson(browser, server.url, 'bob', { phone: true });
    const annPlay = ann.page.getByRole('form', { name: 'Play someone' });
    await annPlay.getByLabel('Game to play').selectOption('atom4');
    await annPlay.getByLabel('Pace').selectOption('2d');
    await annPlay.getByRole('button', { name: 'Play someone' }).click();
    await expectText(ann.page.getByRole('status'), /Nobody was waiting/);
    await ann.page.getByRole('button', { name: 'Cancel your open Atom-4 challenge' }).waitFor();
    await ann.page.screenshot({ path: `${SHOTS}/lobby-open-challenges-desktop.png`, fullPage: true });

    // Bob's lobby shows it the moment it is posted, with its terms, without a reload.
    const take = bob.page.getByRole('button', { name: 'Take Atom-4 from ann' });
    await take.waitFor();
    await expectText(bob.page.locator('.seeks'), /Atom-4.*2d per move · rated · seats drawn/);
    await bob.page.screenshot({ path: `${SHOTS}/lobby-open-challenges-phone.png`, fullPage: true });

    const bobPlay = bob.page.getByRole('form', { name: 'Play someone' });
    await bobPlay.getByLabel('Game to play').selectOption('atom4');
    await bobPlay.getByLabel('Pace').selectOption('2d');
    await bobPlay.getByRole('button', { name: 'Play someone' }).click();
    await bob.page.waitForURL(/\/game\/\d+$/);
    const gameId = /\/game\/(\d+)$/.exec(bob.page.url())?.[1] as string;

    // Ann hears of it at once: the game is in her list and her open challenge is gone.
    await ann.page
      .getByRole('link', { name: new RegExp(`Atom-4 #${gameId}: (ann vs bob|bob vs ann)`) })
      .waitFor();
    await ann.page
      .getByRole('button', { name: 'Cancel your open Atom-4 challenge' })
      .waitFor({ state: 'detached' });
    await ann.page.getByRole('link', { name: new RegExp(`Atom-4 #${gameId}`) }).click();
    await expectText(ann.page.locator('.status'), /Your move\.|bob to move\./);
    assert.deepEqual([...ann.errors, ...bob.errors], []);
  });
});
