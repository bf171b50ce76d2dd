/**
 * Every game's course of lessons in the terminal, played to its end as a player would: the menu's
 * "Mode: learn", a wrong move and its explanation in each lesson, then a right one (on the board
 * with the game's keys where it has them, else typed after ":"), and the progress file.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type LessonPlan, lessonPlans } from './lesson-plans.ts';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

/** A sentence as the screen shows it, wrapped anywhere between its words. */
const wrapped = (sentence: string): RegExp =>
  new RegExp(
    sentence
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('\\s+'),
  );

/** The lesson's column of text beside the board (from where its title starts), its lines joined. */
function lessonText(screen: string, title: string): string {
  const lines = screen.split('\n');
  const at = lines.map((l) => l.indexOf(title)).find((i) => i >= 0) ?? 0;
  return lines
    .map((l) => l.slice(at))
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** Type a move after ":" and play it. */
const typed = (move: string): string[] => [':', ...[...move].map((c) => (c === ' ' ? 'Space' : c)), 'Enter'];

/** The keys that play a lesson's right move: the game's own keys where the board takes it, else typed. */
function rightKeys(gameId: string, plan: LessonPlan, first: boolean): string[] {
  // Atom-4's cursor starts on 8,8, a right answer of the first lesson: Enter places there.
  if (gameId === 'atom4' && first) return ['Enter'];
  if (gameId === 'warpweft' && plan.right === 'patches') return ['p'];
  if (gameId === 'warpweft' && plan.right === 'swap') return ['s'];
  return typed(plan.right);
}

const MENU: Record<string, { keys: string[]; title: string }> = {
  atom4: { keys: ['Left'], title: 'Atom-4' },
  warpweft: { keys: [], title: 'Warp and Weft' },
  sigmar: { keys: ['Right'], title: "Sigmar's Garden" },
};

for (const gameId of ['atom4', 'warpweft', 'sigmar']) {
  const { keys, title } = MENU[gameId] as { keys: string[]; title: string };
  describe(`terminal client: learning ${title}`, () => {
    const sessions: TmuxSession[] = [];
    const homes: string[] = [];
    after(() => {
      for (const s of sessions) s.close();
      for (const h of homes) rmSync(h, { recursive: true, force: true });
    });

    it('plays every lesson to the end from the menu, explaining a wrong move in each, and keeps the progress', async () => {
      const plans = lessonPlans(gameId);
      const home = mkdtempSync(join(tmpdir(), 'tessera-tui-lessons-'));
      homes.push(home);
      const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: home } });
      sessions.push(tui);
      await tui.ready(/Game +< Warp and Weft >/);
      await tui.keys(...keys);
      await tui.waitFor(new RegExp(`Game +< ${title} >`));
      // The last row of every game's settings is the mode: play, or learn.
      await tui.keys('Down', 'Down', 'Down', 'Down', 'Down', 'Down', 'Down', 'Right');
      await tui.waitFor(/> Mode +< learn >/);
      await tui.keys('Enter');
      for (const [k, plan] of plans.entries()) {
        let screen = await tui.waitFor(
          new RegExp(`Learn ${title} {2}· {2}lesson ${k + 1} of ${plans.length}`),
        );
        assert.match(screen, wrapped(plan.title));
        await tui.keys(...typed(plan.wrong));
        screen = await tui.waitFor(/Not quite\./);
        assert.ok(
          lessonText(screen, plan.title).includes(`Not quite. ${plan.wrongMessage}`),
          `${plan.id}: ${plan.wrongMessage}\n${screen}`,
        );
        assert.doesNotMatch(screen, /Well done/);
        await tui.keys(...rightKeys(gameId, plan, k === 0));
        screen = await tui.waitFor(/Well done\./);
        assert.ok(lessonText(screen, plan.title).includes(`Well done. ${plan.praise}`), screen);
        for (const line of screen.split('\n')) assert.ok(line.length <= 80, line);
        await tui.keys('Enter');
      }
      // After the last lesson Enter goes back to the menu.
      await tui.waitFor(/Enter play {2}q quit/);
      const saved = JSON.parse(readFileSync(join(home, 'tessera', 'lessons-progress.json'), 'utf8'));
      assert.deepEqual(saved, { done: plans.map((p) => p.id) });
      // Opening the course again shows every lesson done.
      await tui.keys('Enter');
      await tui.waitFor(new RegExp(`lesson 1 of ${plans.length} \\(done\\) {2}· {2}${plans.length} done`));
      await tui.keys('Escape');
      await tui.waitFor(/Enter play {2}q quit/);
      await tui.keys('q');
      await tui.waitFor(/\[exited 0\]/);
    });
  });
}
