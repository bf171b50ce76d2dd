/**
 * The Intricacy lock editor and the tutorial in the browser: build a lock by tapping cells,
 * watch the validity messages, test it (opening it records the solution), save it in the
 * browser and as a .lock file, load a file; solve the first tutorial lock. Screenshots go to
 * test-output/screenshots/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { formatToolMove, parseLock, solve } from '../src/games/intricacy/index.ts';
import { ROOT } from './support.ts';
import { expectText, startWeb, tapLockCell as tap, type WebFixture } from './web-preview.ts';

const OUT = join(ROOT, 'test-output', 'screenshots');

describe('browser client: the Intricacy lock editor and tutorial', () => {
  let web: WebFixture;
  before(async () => {
    web = await startWeb();
    mkdirSync(OUT, { recursive: true });
  });
  after(() => web?.close());

  it('builds a lock, explains its problems, tests it, saves and reloads it', async () => {
    const { page, errors } = await web.open('/intricacy/edit');
    const problems = page.getByRole('list', { name: 'Problems' });
    const validity = page.locator('.validity');
    await page.getByLabel('Size', { exact: true }).selectOption('4');
    await page.getByRole('button', { name: 'New lock' }).click();
    await expectText(validity, /The lock is valid\./);

    // Block A, hung from the frame by a spring, and the bolt hung from A.
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await tap(page, '-1,2');
    await page.getByRole('button', { name: 'Spring', exact: true }).click();
    await tap(page, '-4,2');
    await tap(page, '-1,2');
    await tap(page, '-1,2');
    await tap(page, '1,2');
    await expectText(validity, /The lock is valid\..*1 piece, 2 springs/);

    // Two more blocks with springs both ways: a cycle, explained; undone.
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await tap(page, '0,-1');
    await tap(page, '2,-1');
    await page.getByRole('button', { name: 'Spring', exact: true }).click();
    await tap(page, '0,-1');
    await tap(page, '2,-1');
    await tap(page, '2,-1');
    await tap(page, '0,-1');
    await expectText(problems, /the springs form a cycle/);
    assert.ok(
      await page.getByRole('button', { name: 'Test' }).isDisabled(),
      'a broken lock cannot be tested',
    );
    await page.getByRole('button', { name: 'Undo edit' }).click();
    await expectText(validity, /The lock is valid\..*3 pieces, 3 springs/);
    // Merge the two blocks, then erase the merged block cell by cell.
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await tap(page, '0,-1');
    await tap(page, '2,-1');
    await expectText(validity, /2 pieces, 2 springs/);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await tap(page, '0,-1');
    await tap(page, '2,-1');
    await expectText(validity, /1 piece, 2 springs/);
    // A pivot with an arm, and a ball: placed, then erased.
    await page.getByRole('button', { name: 'Pivot', exact: true }).click();
    await tap(page, '0,0');
    await tap(page, '1,0');
    await page.getByRole('button', { name: 'Ball', exact: true }).click();
    await tap(page, '-2,-1');
    await expectText(validity, /3 pieces, 2 springs/);
    await expectText(page.locator('.lock-text'), /o -/);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    await tap(page, '0,0');
    await tap(page, '-2,-1');
    await expectText(validity, /The lock is valid\. Test it to record a solution\..*1 piece, 2 springs/);
    // From the keyboard: 3 chooses Ball, the first l shows the cursor at the centre, the second
    // moves it east, . places the ball there; z undoes.
    for (const key of ['3', 'l', 'l', '.']) await page.keyboard.press(key);
    await expectText(validity, /2 pieces, 2 springs/);
    await expectText(page.locator('.lock-text'), /\. O \./);
    await page.keyboard.press('z');
    await expectText(validity, /1 piece, 2 springs/);
    await page.screenshot({ path: join(OUT, 'intricacy-editor-desktop.png'), fullPage: true });

    // Test: pick it; opening it records the solution.
    await page.getByRole('button', { name: 'Test' }).click();
    await expectText(page.locator('.status'), /Turn 0\./);
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k', 'h']) await page.keyboard.press(key);
    await expectText(page.locator('.status'), /Open! 7 turns\./);
    await expectText(page.locator('.side'), /Solution recorded: 7 moves/);
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await expectText(validity, /Solution recorded: 7 moves/);

    // Save in the browser and as a file.
    await page.getByLabel('Lock name').fill('hanging');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByRole('status'), /Saved “hanging” in this browser with its solution/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .lock' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'hanging.lock');
    const text = readFileSync((await download.path()) as string, 'utf8');
    assert.match(text, /^; solution: hE hE hNE hNE hNE h\+ hW\n/);
    const lock = parseLock(text);
    assert.ok(lock.ok, 'the downloaded file is a valid lock');
    assert.equal(lock.value.springs.length, 2);

    // A new lock (after a confirmation), then the file loaded back, solution and all.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'New lock' }).click();
    await expectText(validity, /0 pieces, 0 springs/);
    await page.locator('input[type=file]').setInputFiles({
      name: 'hanging.lock',
      mimeType: 'text/plain',
      buffer: Buffer.from(text),
    });
    await expectText(validity, /Solution recorded: 7 moves.*1 piece, 2 springs/);
    await page.reload();
    await expectText(validity, /1 piece, 2 springs/); // the draft survives a reload
    await expectText(page.getByRole('list', { name: 'Saved locks' }), /hanging ✓ solved/);
    assert.deepEqual(errors, []);
    await page.close();

    const phone = await web.open('/intricacy/edit', 390);
    await expectText(phone.page.locator('h1'), /Lock editor/);
    await phone.page.screenshot({ path: join(OUT, 'intricacy-editor-phone.png'), fullPage: true });
    await phone.page.close();
  });

  it('on a phone, Zoom board makes the cells of a big lock finger-sized; a tap places a block', async () => {
    const { context, page, errors } = await web.openPhone('/intricacy/edit');
    await page.getByLabel('Size', { exact: true }).selectOption('11');
    await page.getByRole('button', { name: 'New lock' }).tap();
    const validity = page.locator('.validity');
    await expectText(validity, /The lock is valid\..*0 pieces/);
    const centre = page.locator('svg.lock [data-cell="0,0"]').first();
    const small = await centre.boundingBox();
    assert.ok(small && small.width < 20, `fitted to the screen, cells are ${small?.width.toFixed(1)} px`);
    const zoom = page.getByRole('button', { name: 'Zoom board' });
    await zoom.tap();
    assert.equal(await page.getByRole('button', { name: 'Fit board' }).getAttribute('aria-pressed'), 'true');
    await centre.scrollIntoViewIfNeeded();
    const big = await centre.boundingBox();
    assert.ok(big && big.width >= 30, `zoomed, cells are ${big?.width.toFixed(1)} px`);
    // The board scrolls inside its frame: the page itself stays as wide as the phone.
    assert.ok(Number(await page.evaluate('document.documentElement.scrollWidth')) <= 390);
    await page.touchscreen.tap(big.x + big.width / 2, big.y + big.height / 2);
    await expectText(validity, /1 piece, 0 springs/);
    await page.screenshot({ path: join(OUT, 'intricacy-editor-zoomed-phone.png') });
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('makes a pre-tensioned spring: a natural length shorter than placed pulls, and balls hold it', async () => {
    const { page, errors } = await web.open('/intricacy/edit');
    const validity = page.locator('.validity');
    await page.getByLabel('Size', { exact: true }).selectOption('5');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'New lock' }).click();
    await expectText(validity, /The lock is valid\..*0 pieces/);
    // Block A at -2,0, hung from the frame at -5,0 by a spring placed 3 long.
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await tap(page, '-2,0');
    await page.getByRole('button', { name: 'Spring', exact: true }).click();
    await tap(page, '-5,0');
    await tap(page, '-2,0');
    const springs = page.getByRole('list', { name: 'Springs' });
    await expectText(springs, /the frame to block A, placed 3:.*3.*at rest/);
    // Shorter: stretched, it pulls A towards the frame, so the lock is no longer at rest.
    await page.getByRole('button', { name: 'Spring 1: shorter natural length' }).click();
    await expectText(springs, /placed 3:.*2.*stretched: pulls block A towards the frame/);
    assert.ok(
      await page.getByRole('button', { name: 'Spring 1: shorter natural length' }).isDisabled(),
      'a spring stretches to at most twice its natural length',
    );
    await expectText(page.getByRole('list', { name: 'Problems' }), /not at rest: .*block A/);
    // Two balls between A and the frame hold it: valid, and the lock file keeps the tension.
    await page.getByRole('button', { name: 'Ball', exact: true }).click();
    await tap(page, '-3,0');
    await tap(page, '-4,0');
    await expectText(validity, /The lock is valid\..*3 pieces, 1 spring/);
    await expectText(page.locator('.lock-text'), /spring -5,0 -> -2,0 natural 2/);
    // Undo brings the spring back to rest; redo tensions it again.
    await page.getByRole('button', { name: 'Undo edit' }).click();
    await page.getByRole('button', { name: 'Undo edit' }).click();
    await page.getByRole('button', { name: 'Undo edit' }).click();
    await expectText(springs, /placed 3:.*3.*at rest/);
    await page.getByRole('button', { name: 'Redo edit' }).click();
    await expectText(springs, /stretched/);
    await page.getByRole('button', { name: 'Spring 1: longer natural length' }).click();
    await page.getByRole('button', { name: 'Spring 1: longer natural length' }).click();
    await expectText(springs, /placed 3:.*4.*compressed: pushes block A away from the frame/);
    await page.screenshot({ path: join(OUT, 'intricacy-editor-spring.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('solves the first tutorial lock and moves on to the next', async (t) => {
    const modulePath = '../src/games/intricacy/curriculum.ts';
    const curriculum = (await import(modulePath).catch(() => null)) as {
      TUTORIAL: readonly { name: string; title: string }[];
    } | null;
    if (!curriculum) {
      t.skip('src/games/intricacy/curriculum.ts is not there yet');
      return;
    }
    const first = curriculum.TUTORIAL[0];
    assert.ok(first);
    const lock = parseLock(readFileSync(join(ROOT, 'locks', `${first.name}.lock`), 'utf8'));
    assert.ok(lock.ok);
    const solved = solve(lock.value);
    assert.equal(solved.kind, 'solved');
    const moves = solved.kind === 'solved' ? solved.moves : [];

    const { page, errors } = await web.open('/intricacy/tutorial');
    await expectText(page.locator('h1'), new RegExp(`Tutorial 1: ${first.title}`));
    await expectText(page.locator('.intro'), /\w/);
    await page.screenshot({ path: join(OUT, 'intricacy-tutorial-desktop.png'), fullPage: true });
    await page.getByText('Type moves').click();
    await page.getByLabel('Moves to play').fill(moves.map(formatToolMove).join(' '));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expectText(page.locator('.status'), /Open!/);
    await expectText(page.locator('.solved-note'), new RegExp(`Solved in ${moves.length} moves`));
    await expectText(page.getByRole('list', { name: 'Tutorial locks' }), new RegExp(`✓ ${first.title}`));
    const second = curriculum.TUTORIAL[1];
    if (second) {
      await page.getByRole('button', { name: 'Next lock →' }).click();
      await expectText(page.locator('h1'), new RegExp(`Tutorial 2: ${second.title}`));
    }
    await page.reload();
    await expectText(page.getByRole('list', { name: 'Tutorial locks' }), new RegExp(`✓ ${first.title}`));
    assert.deepEqual(errors, []);
    await page.close();
    const phone = await web.open('/intricacy/tutorial', 390);
    await expectText(phone.page.locator('h1'), /Tutorial 1/);
    await phone.page.screenshot({ path: join(OUT, 'intricacy-tutorial-phone.png'), fullPage: true });
    await phone.page.close();
  });
});
