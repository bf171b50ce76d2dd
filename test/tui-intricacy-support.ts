/** Shared steps of the Intricacy terminal tests: start the client and reach a screen. */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseLock, solve, type ToolMove } from '../src/games/intricacy/index.ts';
import { ACTION_NAMES, DEFAULT_BINDINGS, moveOf, type Scheme } from '../src/tui/intricacy/keys.ts';
import { readPresetLock } from '../src/tui/intricacy/lock-files.ts';
import { TmuxSession } from './tmux.ts';

const bin = fileURLToPath(new URL('../bin/tessera.js', import.meta.url));
export const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} play`;

/** A fresh config directory (XDG_CONFIG_HOME) so no test sees the user's or another test's files. */
const made: string[] = [];
export function freshConfigHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-tui-intricacy-'));
  made.push(dir);
  return dir;
}
/** Remove the config directories made by freshConfigHome (call after the sessions are closed). */
export function removeConfigHomes(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Start the client at 80×24 without colour, with its own config directory. */
export async function startClient(configHome: string): Promise<TmuxSession> {
  const tui = new TmuxSession(command, { env: { NO_COLOR: '1', XDG_CONFIG_HOME: configHome } });
  try {
    await tui.ready(/Game +< Warp and Weft >/);
    await tui.keys('Right', 'Right');
    await tui.waitFor(/Game +< Intricacy >/);
    return tui;
  } catch (error) {
    tui.close(); // the caller never gets it to close
    throw error;
  }
}

/** On the menu's Intricacy entry: choose what to play (and which preset lock) and start. */
export async function open(tui: TmuxSession, play: string, lock?: string): Promise<void> {
  await tui.keys('Down');
  await turnUntil(tui, new RegExp(`> Play +< ${play} >`));
  if (lock) {
    await tui.keys('Down');
    await turnUntil(tui, new RegExp(`> Lock +< ${lock.replace('/', '\\/')} >`));
  }
  await tui.keys('Enter');
}

/** Right until the screen matches, each Right only once the one before has shown (no overshoot). */
async function turnUntil(tui: TmuxSession, pattern: RegExp): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const before = tui.screen();
    if (pattern.test(before)) return;
    await tui.keys('Right');
    for (let wait = 0; wait < 100 && tui.screen() === before; wait++) await sleep(50);
  }
  await tui.waitFor(pattern, 1000);
}

/** The default key of a scheme for a move, as a tmux key name. */
export function keyFor(move: ToolMove, scheme: Scheme = 'original'): string {
  const action = ACTION_NAMES.find((a) => JSON.stringify(moveOf(a)) === JSON.stringify(move));
  const key = action ? DEFAULT_BINDINGS[scheme][action][0] : undefined;
  if (!key) throw new Error(`no key for ${JSON.stringify(move)}`);
  return key === 'space' ? 'Space' : key;
}

/** A shortest solution of a preset lock (the solver's), so tests follow the locks as they change. */
export function solutionOf(name: string): ToolMove[] {
  const read = readPresetLock(name);
  const lock = read.ok ? parseLock(read.value) : read;
  if (!lock.ok) throw new Error(lock.error);
  const solved = solve(lock.value, { maxStates: 2_000_000 });
  if (solved.kind !== 'solved') throw new Error(`${name}: the solver found no solution (${solved.kind})`);
  return solved.moves;
}

/** A message as the panel shows it, wrapped at any space onto the next line beside the board. */
export const wrapped = (text: string): RegExp =>
  new RegExp(
    text
      .split(' ')
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(?:\\s*\\n[^\\n]*?\\s|\\s+)'),
  );
