/**
 * Ctrl-C ends a `tessera` command in a terminal as it ends any program: exit status 130 (128 +
 * SIGINT), which a script or the shell can tell from a normal end (0).
 */
import { after, describe, it } from 'node:test';
import { TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

const sessions: TmuxSession[] = [];
after(() => {
  for (const s of sessions) s.close();
});

/**
 * The command in the test's shell, which catches SIGINT itself (the command does not inherit the
 * catching) so that it lives on to print the command's status, as an interactive shell would.
 */
const command = (args: string) =>
  `trap true INT; NO_COLOR=1 ${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} ${args}`;

describe('Ctrl-C in the terminal', () => {
  for (const [args, ready] of [
    ['play', /TESSERA/],
    ['atom4 play --ai 2 --level 0', /Player 1 to move/],
    ['sigmar play --seed 7', /marbles left/],
    ['warpweft play --size 2', /move|>/i],
  ] as const) {
    it(`ends "tessera ${args}" with status 130`, async () => {
      const tui = new TmuxSession(command(args));
      sessions.push(tui);
      await tui.ready(ready);
      await tui.keys('C-c');
      await tui.waitFor(/\[exited 130\]/);
    });
  }
});
