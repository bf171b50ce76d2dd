import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TUTORIAL } from '../src/games/intricacy/index.ts';
import type { TmuxSession } from './tmux.ts';
import {
  freshConfigHome,
  keyFor,
  open,
  removeConfigHomes,
  solutionOf,
  startClient,
} from './tui-intricacy-support.ts';

describe('terminal client: Intricacy tutorial', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
    removeConfigHomes();
  });

  it('shows the first lock with its intro, records it solved and offers the next', async () => {
    const course = TUTORIAL;
    assert.ok(course.length >= 2, 'the tutorial has locks');
    const first = course[0] as (typeof course)[number];
    const moves = solutionOf(first.name);

    const home = freshConfigHome();
    const tui = await startClient(home);
    sessions.push(tui);
    await open(tui, 'tutorial');
    let screen = await tui.waitFor(/Intricacy Tutorial: 0 of \d+ solved/);
    assert.match(screen, new RegExp(`> \\[ \\]  1\\. ${quoteRegExp(first.title)}`));
    await tui.keys('Enter');
    screen = await tui.waitFor(new RegExp(`Tutorial 1/${course.length}`));
    const introWords = first.intro.split(/\s+/).slice(0, 3).join(' ');
    if (introWords) assert.ok(screen.replace(/\s+/g, ' ').includes(introWords), 'the intro is shown');
    for (const m of moves) await tui.keys(keyFor(m));
    screen = await tui.waitFor(new RegExp(`OPEN after ${moves.length} turns!`));
    assert.match(screen, /Enter: next lock/);
    await tui.keys('Enter');
    await tui.waitFor(new RegExp(`Tutorial 2/${course.length}`));
    await tui.keys('q');
    screen = await tui.waitFor(/Intricacy Tutorial: 1 of \d+ solved/);
    assert.match(screen, new RegExp(`\\[x\\]  1\\. ${quoteRegExp(first.title)} +solved in ${moves.length}`));
    const saved = JSON.parse(readFileSync(join(home, 'tessera', 'intricacy-progress.json'), 'utf8'));
    assert.deepEqual(saved, { solved: { [first.name]: moves.length } });
    await tui.keys('q');
    await tui.waitFor(/Enter play {2}q quit/);
  });
});

const quoteRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
