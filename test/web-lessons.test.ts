import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { type LessonPlan, lessonPlans } from './lesson-plans.ts';
import { expectText, startWeb, type WebFixture } from './web-preview.ts';

/** Play a move as a player does: on the game's board, with its buttons for switching and swapping. */
async function playOnBoard(page: Page, gameId: string, move: string): Promise<void> {
  if (gameId === 'atom4') return page.locator(`[data-cell="${move}"]`).click();
  if (gameId === 'warpweft') {
    if (move === 'threads' || move === 'patches')
      return page.getByRole('button', { name: `Switch to ${move}` }).click();
    if (move === 'swap') return page.getByRole('button', { name: 'Swap', exact: true }).click();
    return page.locator(`[data-piece="${move}"]`).click();
  }
  for (const cell of move.split(' ')) await page.locator(`[data-cell="${cell}"]`).click();
}

/** Type a move in the lesson's move box. */
async function typeMove(page: Page, move: string): Promise<void> {
  await page.getByLabel('Type a move').fill(move);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
}

/** Play every lesson of a course to its end: a wrong move and its explanation, then a right one. */
async function playCourse(page: Page, gameId: string, plans: readonly LessonPlan[]): Promise<void> {
  const verdict = page.locator('.lesson-verdict');
  for (const [k, plan] of plans.entries()) {
    await expectText(page.locator('.lesson h2'), new RegExp(`^${k + 1}\\. ${plan.title}$`));
    await expectText(page.locator('.lesson .aim'), new RegExp(plan.aim.replace(/[().]/g, '\\$&')));
    // A move the board takes but that misses the aim is played on the board; one the rules refuse is typed.
    if (plan.wrongIsLegal) await playOnBoard(page, gameId, plan.wrong);
    else await typeMove(page, plan.wrong);
    await expectText(
      verdict,
      new RegExp(`^Not quite\\. ${plan.wrongMessage.replace(/[()[\]?.+*]/g, '\\$&')}$`),
    );
    await playOnBoard(page, gameId, plan.right);
    await expectText(verdict, new RegExp(`^Well done\\. ${plan.praise.replace(/[()[\]?.+*]/g, '\\$&')}$`));
    await expectText(
      page.locator('.lesson-list .meta'),
      new RegExp(`^${k + 1} of ${plans.length} lessons done`),
    );
    if (k < plans.length - 1) await page.getByRole('button', { name: 'Next lesson' }).click();
  }
  await expectText(page.locator('.lesson-board .buttons'), /Course done: play/);
}

for (const [gameId, title] of [
  ['atom4', 'Atom-4'],
  ['warpweft', 'Warp and Weft'],
  ['sigmar', "Sigmar's Garden"],
] as const) {
  describe(`browser client: learning ${title}`, () => {
    let web: WebFixture;
    before(async () => {
      web = await startWeb();
    });
    after(() => web?.close());

    it('the lobby and the game page lead to the lessons, played to the end; the progress stays in this browser', async () => {
      const plans = lessonPlans(gameId);
      const { page, errors } = await web.open('/');
      await page.getByRole('link', { name: new RegExp(`^Learn ${title}`) }).click();
      await expectText(page.locator('main h1'), new RegExp(`^Learn ${title}$`));
      await expectText(page.locator('.lesson-list .meta'), new RegExp(`^0 of ${plans.length} lessons done`));
      await playCourse(page, gameId, plans);
      // Back on the game's own page its "Learn" link shows the same course, every lesson ticked.
      await page.getByRole('link', { name: `Course done: play ${title}` }).click();
      await page.getByRole('link', { name: new RegExp(`^Learn ${title}`) }).click();
      await expectText(
        page.locator('.lesson-list .meta'),
        new RegExp(`^${plans.length} of ${plans.length} lessons done`),
      );
      assert.equal(await page.locator('.lesson-list li', { hasText: '✓' }).count(), plans.length);
      await page.reload();
      await expectText(page.locator('.lesson-list .meta'), new RegExp(`^${plans.length} of ${plans.length}`));
      assert.deepEqual(errors, []);
      await page.close();
    });

    it('on a phone, a lesson is played by tapping, and "Start again" sets its position back', async () => {
      const [plan] = lessonPlans(gameId);
      assert.ok(plan);
      const { context, page, errors } = await web.openPhone(`/${gameId}/learn`);
      await expectText(page.locator('.lesson h2'), new RegExp(`^1\\. ${plan.title}$`));
      await playOnBoard(page, gameId, plan.right);
      await expectText(page.locator('.lesson-verdict'), /^Well done\./);
      await page.getByRole('button', { name: 'Start again' }).click();
      await expectText(page.locator('.lesson-verdict'), /^$/);
      await playOnBoard(page, gameId, plan.right);
      await expectText(page.locator('.lesson-verdict'), /^Well done\./);
      const overflow = (await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )) as number;
      assert.ok(overflow <= 1, `the page is ${overflow}px wider than the phone`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
