import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

describe('terminal client: Intricacy', () => {
  const sessions: TmuxSession[] = [];
  after(() => {
    for (const s of sessions) s.close();
  });

  it("picks the tutorial lock with the original's keys, undoes and resets", async () => {
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1' } });
    sessions.push(tui);
    await tui.ready(/> Warp and Weft/);
    await tui.keys('Right', 'Right');
    await tui.waitFor(/> Intricacy/);
    await tui.keys('Enter');
    let screen = await tui.waitFor(/Lock tutorial\/pull, turn 0\./);
    assert.match(screen, /# H - \. \. \. \. \. #/, 'the lock drawn as its lock file: hexes two columns wide');
    // The hook against the frame: pushing it west is resisted, and the screen says so.
    await tui.keys('h');
    await tui.waitFor(/resisted/);
    await tui.keys('z');
    await tui.waitFor(/turn 0\./);
    for (const key of ['l', 'l', 'u', 'u', 'u', 'k', 'h']) await tui.keys(key);
    screen = await tui.waitFor(/OPEN after 7 turns!/);
    await tui.keys('r');
    await tui.waitFor(/turn 0\./);
    await tui.keys('q');
    await tui.waitFor(/> Intricacy/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });
});
