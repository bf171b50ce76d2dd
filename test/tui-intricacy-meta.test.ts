/**
 * The Intricacy metagame screens in a real terminal against a real server: register a codename,
 * place a lock designed (here: loaded) in the editor with the solution found by testing it, pick
 * another player's lock and declare its solution behind your slot, see notes and scores, retire,
 * and pick the retired lock from the Retired list.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  criticise,
  easyLockQuestion,
  type Lock,
  parseLock,
  parseMoveList,
  verdictText,
} from '../src/games/intricacy/index.ts';
import { CONFLICTS, PULL, PULL_SOLUTION } from './intricacy-locks.ts';
import { account, call, type ServerProcess, startServer, TESSERA } from './support.ts';
import { TmuxSession } from './tmux.ts';
import { freshConfigHome, keyFor, removeConfigHomes, wrapped } from './tui-intricacy-support.ts';

const parsed = (text: string): Lock => {
  const lock = parseLock(text);
  if (!lock.ok) throw new Error(lock.error);
  return lock.value;
};
const parsedPull = () => parsed(PULL);

const pullKeys = (() => {
  const moves = parseMoveList(PULL_SOLUTION);
  if (!moves.ok) throw new Error(moves.error);
  return moves.value.map((m) => keyFor(m));
})();

describe('terminal client: Intricacy metagame', () => {
  let server: ServerProcess;
  const sessions: TmuxSession[] = [];
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    for (const s of sessions) s.close();
    removeConfigHomes();
    await server?.kill();
  });

  it('registers, places a lock, declares a solution on another lock, shows notes and scores, retires', async () => {
    const base = server.url;
    // Another player with a lock in slot 1.
    const bob = await account(base, 'bob');
    assert.equal((await call(base, 'POST', '/api/intricacy/register', { codename: 'BOB' }, bob)).status, 201);
    const placed = await call(
      base,
      'PUT',
      '/api/intricacy/slots/0',
      { lock: PULL, solution: PULL_SOLUTION },
      bob,
    );
    assert.equal(placed.status, 200, JSON.stringify(placed.body));

    const home = freshConfigHome();
    const lockFile = join(home, 'pull.lock');
    writeFileSync(lockFile, PULL);
    await account(base, 'alice');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${base}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: home } });
    sessions.push(tui);
    // Log in, then open the metagame from the online lobby.
    await tui.ready(/Account/);
    await tui.keys('a', 'l', 'i', 'c', 'e', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/i Intricacy/);
    await tui.keys('i');
    // A new player is sent to the initiation first; skipping it is remembered.
    await tui.waitFor(/first, the initiation/);
    await tui.keys('!');
    await tui.waitFor(/choose your codename/);
    assert.match(
      readFileSync(join(home, 'tessera', 'intricacy-progress.json'), 'utf8'),
      /"skipInitiation": ?true/,
    );
    await tui.keys('A', 'L', '1', 'Enter');
    let screen = await tui.waitFor(/you are AL1/);
    assert.match(screen, /\[Your slots\]/);
    assert.match(screen, /> slot 1: empty/);

    // Design slot 1's lock: load a lock file in the editor, test it (solving it), place it.
    await tui.keys('Enter');
    await tui.waitFor(/Lock editor/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys('C-u', lockFile, 'Enter');
    await tui.waitFor(/loaded\s/);
    await tui.keys('t');
    await tui.waitFor(/Testing the lock/);
    for (const k of pullKeys) await tui.keys(k);
    await tui.waitFor(/OPEN after 7 turns!/);
    await tui.keys('q');
    await tui.waitFor(/P: place this lock in slot 1/);
    await tui.keys('P');
    screen = await tui.waitFor(/Lock placed in slot 1\./);
    // The critic's verdict, to its designer: this lock is not easy, so it was placed unasked.
    await tui.waitFor(wrapped(`The critic (shown to you only): ${verdictText(criticise(parsedPull()))}`));
    await tui.waitFor(/> slot 1: lock 1, 0 notes behind it/);

    // Others' locks: pick BOB's, then declare the solution behind slot 1.
    await tui.keys('Tab');
    screen = await tui.waitFor(/\[Others' locks\]/);
    assert.match(screen, /> BOB slot 1: lock 0, 0 notes on it/);
    await tui.keys('Enter');
    await tui.waitFor(/Lock 0, BOB's slot 1/);
    for (const k of pullKeys) await tui.keys(k);
    await tui.waitFor(/Enter: declare this solution/);
    await tui.keys('Enter');
    await tui.waitFor(/Secure the note behind your slot 1, 2 or 3\?/);
    await tui.keys('1');
    await tui.waitFor(/Solution of lock 0 declared/);
    screen = await tui.waitFor(/BOB slot 1: lock 0, 1 note on it \(1 read\), you access it \(declared\)/);

    // The note, and the scores (AL1 accesses BOB's lock: a point against BOB).
    await tui.keys('Tab');
    screen = await tui.waitFor(/\[Notes\]/);
    assert.match(screen, /note 0 by AL1 on lock 0 \(BOB slot 1\), behind lock 1: read/);
    await tui.keys('Enter');
    await tui.waitFor(/Note 0 \(lock 0\): hE hE hNE hNE hNE h\+ hW/);
    await tui.keys('Tab');
    screen = await tui.waitFor(/\[Scores\]/);
    // Ranked by total: AL1 accesses all three of BOB's slots, BOB none of AL1's.
    assert.match(screen, /1 AL1 +0 +3 +3/);
    assert.match(screen, /2 BOB +-3 +0 +-3/);

    // No lock is retired yet; then Tab wraps round to slot 1, and retire it.
    await tui.keys('Tab');
    screen = await tui.waitFor(/\[Retired\]/);
    assert.match(screen, /\(none yet\)/);
    await tui.keys('Tab');
    await tui.waitFor(/\[Your slots\]/);
    await tui.keys('d');
    await tui.waitFor(/Retire the lock in slot 1\?/);
    await tui.keys('y');
    await tui.waitFor(/Slot 1 retired\./);
    await tui.waitFor(/> slot 1: empty/);

    // The Retired list (the fifth): the lock just retired, with the note behind it; Enter picks
    // it for practice, with nothing to declare.
    await tui.keys('Tab', 'Tab', 'Tab', 'Tab');
    screen = await tui.waitFor(/\[Retired\]/);
    assert.match(screen, /> AL1 slot 1: lock 1, 0 notes on it, 1 note behind it/);
    await tui.keys('Enter');
    await tui.waitFor(/Retired lock 1, AL1's slot 1 \(picking only\)/);
    for (const k of pullKeys) await tui.keys(k);
    screen = await tui.waitFor(/OPEN after 7 turns!/);
    assert.doesNotMatch(screen, /declare/);
    await tui.keys('q');
    await tui.waitFor(/\[Retired\]/);

    // Enough players for two pages of them: the list turns a page at a time (] and [).
    for (let i = 0; i < 10; i++) {
      const token = await account(base, `pager${i}`);
      assert.equal(
        (await call(base, 'POST', '/api/intricacy/register', { codename: `P${i}!` }, token)).status,
        201,
      );
      const put = await call(
        base,
        'PUT',
        '/api/intricacy/slots/0',
        { lock: PULL, solution: PULL_SOLUTION },
        token,
      );
      assert.equal(put.status, 200, JSON.stringify(put.body));
    }
    await tui.keys('Tab', 'Tab');
    screen = await tui.waitFor(/players 1–10 of 12/);
    assert.match(screen, /P7! slot 1: lock \d+/);
    assert.doesNotMatch(screen, /P9!/);
    await tui.keys(']');
    screen = await tui.waitFor(/players 11–12 of 12/);
    assert.match(screen, /> P8! slot 1: lock \d+, 0 notes on it/);
    assert.match(screen, /P9! slot 1: lock \d+, 0 notes on it/);
    await tui.keys('[');
    await tui.waitFor(/players 1–10 of 12/);
    await tui.keys('q');
    await tui.waitFor(/Your games/);
    await tui.keys('q');
    await tui.waitFor(/\[exited 0\]/);
  });

  it('asks before placing a lock the critic finds easy, and shows its designer the verdict', async () => {
    const base = server.url;
    const verdict = criticise(parsed(CONFLICTS));
    const question = easyLockQuestion(verdict);
    assert.ok(verdict.kind === 'opens' && question, 'an easy lock');
    const home = freshConfigHome();
    const lockFile = join(home, 'easy.lock');
    writeFileSync(lockFile, CONFLICTS);
    await account(base, 'carol');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TESSERA)} play --server ${base}`;
    const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: home } });
    sessions.push(tui);
    await tui.ready(/Account/);
    await tui.keys('c', 'a', 'r', 'o', 'l', 'Enter', 'p', 'a', 's', 's', '1', '2', '3', '4', 'Enter');
    await tui.waitFor(/i Intricacy/);
    await tui.keys('i');
    await tui.waitFor(/first, the initiation/);
    await tui.keys('!');
    await tui.waitFor(/choose your codename/);
    await tui.keys('C', 'A', 'R', 'Enter');
    await tui.waitFor(/you are CAR/);
    await tui.keys('Enter');
    await tui.waitFor(/Lock editor/);
    await tui.keys('L');
    await tui.waitFor(/Load from/);
    await tui.keys('C-u', lockFile, 'Enter');
    await tui.waitFor(/loaded\s/);
    await tui.keys('t');
    await tui.waitFor(/Testing the lock/);
    for (const m of verdict.moves) await tui.keys(keyFor(m));
    await tui.waitFor(new RegExp(`OPEN after ${verdict.moves.length} turns!`));
    await tui.keys('q');
    await tui.waitFor(/P: place this lock in slot 1/);
    // Declined: not placed, the verdict in view.
    await tui.keys('P');
    await tui.waitFor(wrapped(`${question} y/n`));
    await tui.keys('n');
    await tui.waitFor(/not placed/);
    await tui.waitFor(wrapped(`Critic: ${verdictText(verdict)}`));
    // Confirmed: placed.
    await tui.keys('P');
    await tui.waitFor(wrapped(`${question} y/n`));
    await tui.keys('y');
    await tui.waitFor(
      wrapped(`Lock placed in slot 1. The critic (shown to you only): ${verdictText(verdict)}`),
    );
    await tui.waitFor(/> slot 1: lock \d+, 0 notes behind it/);
    await tui.keys('q');
  });
});
