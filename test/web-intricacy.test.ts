import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PULL as LOCK } from './intricacy-locks.ts';
import { ROOT } from './support.ts';
import { expectText, startWeb, tapLockCell as tap, type WebFixture } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');

// The hanging lock (PULL), opened by PULL_SOLUTION: the last move pulls A west (phase 1) and the
// spring then pulls the bolt after it (phase 2).

/** Open the page with that lock loaded from a file, as a player would. */
async function openHanging(web: WebFixture, width?: number): Promise<{ page: Page; errors: string[] }> {
  const opened = await web.open('/intricacy/pick', width);
  await loadHanging(opened.page);
  return opened;
}
async function loadHanging(page: Page): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({
    name: 'hanging.lock',
    mimeType: 'text/plain',
    buffer: Buffer.from(LOCK),
  });
  await expectText(page.locator('select[aria-label=Lock] option:checked'), /hanging\.lock/);
}

describe('browser client: Intricacy lock picking', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    mkdirSync(OUT, { recursive: true });
  });
  after(() => web?.close());

  it("picks a lock with the original's keys, with undo, redo and reset", async () => {
    const { page, errors } = await openHanging(web);
    const status = page.locator('.status');
    await expectText(status, /Turn 0\./);
    const hookColour = () => page.locator('.piece.hook').getAttribute('data-colour');
    const before = await hookColour();
    assert.match(before ?? '', /^\d$/, 'the hook has a colour of the colouring');
    // The shortest solution of tutorial/05-hook: hE hE hNE hNE hNE h+ hW.
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k']) await page.keyboard.press(key);
    await expectText(status, /Turn 6, last h\+\./);
    assert.equal(await hookColour(), before, 'colours do not flicker from turn to turn');
    await page.keyboard.press('h');
    await expectText(status, /Open! 7 turns\./);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expectText(status, /Turn 6/);
    await page.keyboard.press('x');
    await expectText(status, /Open! 7 turns\./);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectText(status, /Turn 0\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows blockages and the on-screen pads move the tools', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    // The hook starts against the frame on its west: a push west is resisted.
    await page.getByRole('button', { name: 'Hook W', exact: true }).click();
    await expectText(page.getByRole('list', { name: 'Blockages' }), /resisted/);
    assert.ok((await page.locator('.arrow.orange').count()) > 0, 'the blocked force is drawn');
    await page.getByRole('button', { name: 'Blockages' }).click();
    assert.equal(await page.locator('.arrow.orange').count(), 0);
    await page.getByRole('button', { name: 'Hook E', exact: true }).click();
    await expectText(page.locator('.status'), /Turn 2, last hE\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows which colouring is in use: that one of its two buttons is pressed', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    const colours = page.getByRole('group', { name: 'Colours' });
    await colours.waitFor();
    const pressed = async () =>
      (await colours.locator('button[aria-pressed="true"].on').allTextContents()).join(', ');
    assert.equal(await pressed(), 'adjacent differ');
    await colours.getByRole('button', { name: 'by nature' }).click();
    assert.equal(await pressed(), 'by nature');
    const colourOf = (name: string) =>
      colours
        .getByRole('button', { name })
        .evaluate(
          (e) =>
            (
              globalThis as unknown as { getComputedStyle: (e: unknown) => { backgroundColor: string } }
            ).getComputedStyle(e).backgroundColor,
        );
    assert.notEqual(
      await colourOf('by nature'),
      await colourOf('adjacent differ'),
      'the pressed one looks pressed',
    );
    await colours.getByRole('button', { name: 'adjacent differ' }).click();
    assert.equal(await pressed(), 'adjacent differ');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens a lock file, and explains a broken one by line and column', async () => {
    const { page, errors } = await web.open('/intricacy/pick');
    await page.locator('input[type=file]').setInputFiles({
      name: 'broken.lock',
      mimeType: 'text/plain',
      buffer: Buffer.from('intricacy lock size 4\n  # # ?\n'),
    });
    await expectText(page.getByRole('alert'), /broken\.lock: .*line \d+/);
    await page.getByLabel('Lock', { exact: true }).selectOption('tutorial/04-wrench');
    await expectText(page.locator('.status'), /Turn 0\./);
    assert.ok((await page.locator('.piece.wrench').count()) === 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the two phases of a turn one after the other, unless motion is reduced', async () => {
    const { page, errors } = await openHanging(web);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const phase = page.locator('.phase');
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k']) await page.keyboard.press(key);
    await page.clock.runFor(1000);
    // The hook pulls block A west (phase 1); then the spring pulls the bolt after it (phase 2).
    await page.keyboard.press('h');
    await expectText(phase, /Phase 1: the tools push/);
    assert.match((await page.locator('.status').textContent()) ?? '', /Open! 7 turns\./);
    assert.doesNotMatch((await page.locator('svg.lock').getAttribute('class')) ?? '', /open/);
    await page.clock.runFor(400);
    await expectText(phase, /Phase 2: the springs act/);
    await page.clock.runFor(400);
    await expectText(phase, /^\s*$/);
    assert.match((await page.locator('svg.lock').getAttribute('class')) ?? '', /open/);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.keyboard.press('z');
    await page.keyboard.press('h');
    await expectText(page.locator('.status'), /Open! 7 turns\./);
    assert.equal((await phase.textContent())?.trim(), '', 'no animation when motion is reduced');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('replays the move list, jumps to a mark and to any turn', async () => {
    const { page, errors } = await openHanging(web);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const status = page.locator('.status');
    // Named marks, vi-style: m then a letter sets that mark, ' then the letter goes back to it.
    for (const key of ['l', 'l', 'm', 'a']) await page.keyboard.press(key);
    await expectText(page.getByRole('alert'), /Mark a set at turn 2\./);
    for (const key of ['u', 'u', 'm', 'b', 'u']) await page.keyboard.press(key);
    await expectText(status, /Turn 5, last hNE\./);
    await expectText(page.locator('.marks'), /Marks: a@2 b@4/);
    for (const key of ["'", 'a']) await page.keyboard.press(key);
    await expectText(status, /Turn 2, last hE\./);
    for (const key of ["'", 'b']) await page.keyboard.press(key);
    await expectText(status, /Turn 4, last hNE\./);
    for (const key of ["'", 'q']) await page.keyboard.press(key);
    await expectText(page.getByRole('alert'), /no mark q/);
    // Without a keyboard: Mark sets the next free letter; Back to mark lists the marks.
    await page.getByRole('button', { name: 'Mark', exact: true }).click();
    await expectText(page.locator('.marks'), /Marks: a@2 b@4 c@4/);
    await page.getByRole('button', { name: 'Back to mark', exact: true }).click();
    await page.screenshot({ path: join(OUT, 'intricacy-marks.png') });
    await page.getByRole('button', { name: 'Back to mark a (turn 2)' }).click();
    await expectText(status, /Turn 2, last hE\./);
    await page.getByRole('button', { name: 'Turn 4: hNE' }).click();
    await expectText(status, /Turn 4, last hNE\./);
    // Replay from the start: one turn at a time, to the end of the list.
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.keyboard.press('p');
    await expectText(page.getByRole('button', { name: 'Stop replay' }), /Stop/);
    for (const turn of [1, 2, 3, 4, 5]) {
      await page.clock.runFor(500);
      await expectText(status, new RegExp(`Turn ${turn}, last h`));
    }
    await expectText(page.getByRole('button', { name: 'Replay' }), /Replay/);
    // Typed moves are played from the turn on screen.
    await page.getByText('Type moves').click();
    await page.getByLabel('Moves to play').fill('h+ hW');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectText(status, /Open! 7 turns\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('rebinds keys, and moves the tools by tapping the board', async () => {
    const { page, errors } = await openHanging(web);
    const status = page.locator('.status');
    await page.getByText('Keys', { exact: true }).click();
    await page.getByRole('button', { name: 'Add a key for Hook east' }).click();
    await page.keyboard.press('d');
    await page.getByRole('button', { name: 'Remove key l from Hook east' }).click();
    await page.keyboard.press('d');
    await expectText(status, /Turn 1, last hE\./);
    await page.keyboard.press('l');
    await expectText(status, /Turn 1, last hE\./);
    // Bindings are kept across visits (and so are the lock and the moves made on it).
    await page.reload();
    await expectText(status, /Turn 1, last hE\./);
    await expectText(page.locator('select[aria-label=Lock] option:checked'), /hanging\.lock/);
    await page.keyboard.press('z');
    await expectText(status, /Turn 0\./);
    await page.keyboard.press('d');
    await expectText(status, /Turn 1, last hE\./);
    await page.getByText('Keys', { exact: true }).click();
    await page.getByRole('button', { name: 'Default keys' }).click();
    await page.keyboard.press('l');
    await expectText(status, /Turn 2, last hE\./);
    // The mark action is rebindable; the name after it is any letter or digit.
    await page.getByRole('button', { name: 'Add a key for Set mark (then its name)' }).click();
    await page.keyboard.press('g');
    for (const key of ['g', 'z']) await page.keyboard.press(key);
    await expectText(page.getByRole('alert'), /Mark z set at turn 2\./);

    // The hook is now centred at -1,-2 (size 4): tap the cell north-east of it; then choose the
    // wrench by tapping it, and tap the cell north-east of it (the entrance the hook has left).
    await tap(page, '-1,-1');
    await expectText(status, /Turn 3, last hNE\./);
    await tap(page, '-2,-3');
    await tap(page, '-2,-2');
    await expectText(status, /Turn 4, last wNE\./);
    await page.screenshot({ path: join(OUT, 'intricacy-pick-desktop.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
    const phone = await openHanging(web, 390);
    await phone.page.screenshot({ path: join(OUT, 'intricacy-pick-phone.png'), fullPage: true });
    const overflow = (await phone.page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    )) as number;
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
    await phone.page.close();
  });
});
