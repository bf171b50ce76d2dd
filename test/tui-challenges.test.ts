/** The terminal lobby: a challenge's terms, Cancel on one's own, and a cancel heard of live. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';

describe('terminal client: challenges', () => {
  let server: ServerProcess;
  let ann: string;
  let bob: string;
  const sessions: TmuxSession[] = [];
  const config = mkdtempSync(join(tmpdir(), 'tessera-challenges-'));
  before(async () => {
    server = await startServer();
    ann = await account(server.url, 'ann');
    bob = await account(server.url, 'bob');
  });
  after(async () => {
    for (const s of sessions) s.close();
    await server?.kill();
    rmSync(config, { recursive: true, force: true });
  });

  it("shows a challenge's terms, hears its cancel, and cancels one's own with d", async () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${server.url}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: config }, width: 120 });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('b', 'o', 'b', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/Your games \(0 active\)/);

    const made = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'], options: { rounds: 3 }, timeControl: '3d' },
      ann,
    );
    assert.equal(made.status, 201);
    const screen = await tui.waitFor(/Terms: Atom-4, rounds 3/);
    assert.match(
      screen.replace(/\s+/g, ' '),
      /Terms: Atom-4, rounds 3 · 3 days per move · rated · you play Player 2 \(blacks\), ann moves first/,
    );
    await call(server.url, 'POST', `/api/games/${made.body.id}/cancel`, undefined, ann);
    await tui.waitFor(new RegExp(`ann cancelled the challenge to Atom-4 #${made.body.id}\\.`));
    await tui.waitFor(/Your games \(0 active\)/);

    const mine = await call(
      server.url,
      'POST',
      '/api/games',
      { gameType: 'atom4', players: ['ann', 'bob'] },
      bob,
    );
    assert.equal(mine.status, 201);
    await tui.keys('r');
    await tui.waitFor(
      new RegExp(`#${mine.body.id} Atom-4 vs ann, move 1: YOUR CHALLENGE, waiting for ann: d cancel`),
    );
    await tui.keys('d');
    await tui.waitFor(new RegExp(`Cancel your challenge #${mine.body.id}, Atom-4 to ann\\? \\(y/n\\)`));
    await tui.keys('y');
    await tui.waitFor(new RegExp(`Cancelled game #${mine.body.id}\\.`));
    assert.equal((await call(server.url, 'GET', `/api/games/${mine.body.id}`)).body.status, 'void');
    await tui.keys('q');
  });
});
