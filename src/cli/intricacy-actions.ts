/**
 * What `tessera intricacy check | solve | replay | play | tutorial | initiation` does (./intricacy.ts
 * defines the commands): Intricacy lock files from the command line.
 * A LOCK argument is a file path (text format, or JSON when it ends in .json) or a lock name
 * looked up under ./locks/, then under Tessera's own locks/ (a name with slashes is a path there:
 * `tutorial/05-hook`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fail, type Result } from '../games/game.ts';
import {
  type CurriculumLock,
  colourAdjacentDiffer,
  colourByNature,
  describeBlockage,
  formatMoveList,
  formatToolMove,
  INITIATION,
  type IntricacyState,
  intricacy,
  type Lock,
  lockFromJson,
  lockProblems,
  lockToText,
  parseLockText,
  parseMoveList,
  parseToolMove,
  solve,
  type ToolMove,
  TUTORIAL,
} from '../games/intricacy/index.ts';
import { intOption, UsageError } from './usage.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

/** Resolve a LOCK argument to a file. */
export function lockPath(arg: string): string {
  if (existsSync(arg)) return arg;
  // ./locks/ first, then the locks that come with Tessera.
  for (const dir of ['locks', join(import.meta.dirname, '../../locks')]) {
    for (const candidate of [join(dir, `${arg}.lock`), join(dir, arg)])
      if (existsSync(candidate)) return candidate;
  }
  throw new UsageError(`no lock file "${arg}" (nor locks/${arg}.lock)`);
}

/** Parse a lock file, text or JSON. */
function readLockFile(path: string): Result<Lock> {
  const text = readFileSync(path, 'utf8');
  if (!path.endsWith('.json')) return parseLockText(text);
  try {
    return lockFromJson(JSON.parse(text));
  } catch (e) {
    return fail(`not JSON: ${(e as Error).message}`);
  }
}

/** Read a lock file without judging it (check reports its problems). */
function readLock(arg: string): Lock {
  const path = lockPath(arg);
  const lock = readLockFile(path);
  if (!lock.ok) throw new UsageError(`${path}: ${lock.error}`);
  return lock.value;
}

/** Read a lock that must be valid to be picked. */
export function readValidLock(arg: string): Lock {
  const lock = readLock(arg);
  const problems = lockProblems(lock);
  if (problems.length > 0)
    throw new UsageError(`${arg}: not a valid lock: ${problems[0]} (run "intricacy check")`);
  return lock;
}

export function checkCommand(arg: string): void {
  const path = lockPath(arg);
  const parsed = readLockFile(path);
  if (!parsed.ok) {
    out(`${path}: ${parsed.error}`);
    process.exitCode = 1;
    return;
  }
  const problems = lockProblems(parsed.value);
  if (problems.length === 0) out(`${arg}: a valid lock`);
  else {
    for (const p of problems) out(`${arg}: ${p}`);
    process.exitCode = 1;
  }
}

export interface SolveFlags {
  maxMoves: string;
  maxStates: string;
  seconds: string;
}

export function solveCommand(arg: string, flags: SolveFlags): void {
  const lock = readValidLock(arg);
  const started = performance.now();
  const deadline = started + 1000 * intOption('--seconds', flags.seconds, 1, 86_400);
  const result = solve(lock, {
    maxMoves: intOption('--max-moves', flags.maxMoves, 0, 100_000),
    maxStates: intOption('--max-states', flags.maxStates, 1, 50_000_000),
    timeUp: () => performance.now() > deadline,
  });
  const ms = Math.round(performance.now() - started);
  if (result.kind === 'solved') {
    const verified = replayMoves(lock, result.moves).opened;
    if (!verified) throw new Error('the solver found a solution that does not replay');
    out(formatMoveList(result.moves));
    out(
      `length ${result.moves.length} (shortest; ${result.states} states searched in ${ms} ms, verified by replay)`,
    );
  } else if (result.kind === 'unsolvable') {
    out(`no solution: all ${result.states} reachable states searched in ${ms} ms`);
    process.exitCode = 1;
  } else {
    out(
      `no solution of ${result.depth} moves or fewer (stopped by the ${result.limit} budget after ${result.states} states, ${ms} ms)`,
    );
    process.exitCode = 1;
  }
}

export function replayCommand(arg: string, flags: { moves: string }): void {
  const lock = readValidLock(arg);
  const moves = parseMoveList(flags.moves);
  if (!moves.ok) throw new UsageError(`--moves: ${moves.error}`);
  out(lockToText(lock).trimEnd());
  let state = intricacy.setup(lock, 0);
  for (const [i, move] of moves.value.entries()) {
    if (state.opened) {
      out(`(moves after turn ${i} ignored: the lock is open)`);
      break;
    }
    const before = state.lock;
    state = playOrThrow(state, move);
    out(`\nturn ${i + 1}: ${formatToolMove(move)}`);
    for (const b of state.blockages) out(`  blocked: ${describeBlockage(before, b)}`);
    out(lockToText(state.lock).trimEnd());
  }
  out(state.opened ? `\nopen after ${state.turns} turns` : `\nnot open after ${state.turns} turns`);
  if (!state.opened) process.exitCode = 1;
}

export async function playCommand(arg: string): Promise<void> {
  await playLoop(readValidLock(arg));
}

const COURSES = { tutorial: TUTORIAL, initiation: INITIATION } as const;

/** `tutorial` or `initiation`: list the course, or play one of its locks. */
export async function courseCommand(
  command: keyof typeof COURSES,
  arg: string | undefined,
  flags: { list?: boolean },
): Promise<void> {
  const course = COURSES[command];
  if (flags.list) {
    const width = Math.max(...course.map((l) => l.name.length));
    for (const l of course) out(`${l.name.padEnd(width)}  ${String(l.shortest).padStart(3)}  ${l.title}`);
    return;
  }
  const at = courseIndex(command, course, arg ?? '1');
  const lesson = course[at] as CurriculumLock;
  const next = course[at + 1];
  const caption = `${at + 1}/${course.length} ${lesson.title} (${lesson.name}, ${lesson.shortest} turns at best)\n${wrap(lesson.intro, 78)}`;
  const opened = await playLoop(readValidLock(lesson.name), caption);
  if (opened)
    out(next ? `Next: ./tessera intricacy ${command} ${at + 2}` : `That was the last ${command} lock.`);
}

/** Break text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line].join('\n');
}

/** A lock of a course by number (from 1) or by name (with or without its folder). */
function courseIndex(command: string, course: readonly CurriculumLock[], arg: string): number {
  const n = Number(arg);
  if (/^\d+$/.test(arg) && n >= 1 && n <= course.length) return n - 1;
  const at = course.findIndex((l) => l.name === arg || l.name === `${command}/${arg}`);
  if (at < 0)
    throw new UsageError(
      `no ${command} lock "${arg}": give 1 to ${course.length} or a name (./tessera intricacy ${command} --list)`,
    );
  return at;
}

function playOrThrow(state: IntricacyState, move: ToolMove): IntricacyState {
  const next = intricacy.play(state, move);
  if (!next.ok) throw new Error(next.error);
  return next.value;
}

function replayMoves(lock: Lock, moves: readonly ToolMove[]): IntricacyState {
  let state = intricacy.setup(lock, 0);
  for (const move of moves) {
    if (state.opened) break;
    state = playOrThrow(state, move);
  }
  return state;
}

const KEYS_HELP = `Hook: l h (east, west)  u b (north-east, south-west)  y n (north-west, south-east)
      k j (turn anticlockwise, clockwise)
Wrench: the same direction keys in capitals (L H U B Y N).  Wait: . or space or 5
z undo  x redo  r reset  c colours (by nature / adjacent differ)  q quit  ? help`;

/** Terminal colour codes: palette 1–5, then pivots, balls, the hook and the wrench. */
const ANSI = ['', '31', '32', '33', '34', '35', '36', '97', '1;93', '1;96'];

/**
 * The play screen. On a terminal, single keys act at once; otherwise lines of move tokens are
 * read (so the command can be scripted: `echo "hE hE" | tessera intricacy play …`).
 */
async function playLoop(lock: Lock, caption?: string): Promise<boolean> {
  const history: ToolMove[] = [];
  let future: ToolMove[] = [];
  let state = intricacy.setup(lock, 0);
  let message = '';
  const tty = process.stdin.isTTY === true;
  let byNature = false;
  let colours: number[] | undefined;
  const paint = (piece: number, glyph: string) => {
    const code = ANSI[(colours as number[])[piece] ?? 0];
    return code ? `\x1b[${code}m${glyph}\x1b[0m` : glyph;
  };
  const show = () => {
    if (tty) {
      process.stdout.write('\x1b[2J\x1b[H');
      // Adjacent-differ colours change as little as possible from the previous turn's.
      colours = byNature ? colourByNature(state.lock) : colourAdjacentDiffer(state.lock, colours);
      if (caption) out(caption);
    }
    out(lockToText(state.lock, tty ? paint : undefined).trimEnd());
    for (const b of state.blockages) out(`blocked: ${describeBlockage(state.lock, b)}`);
    out(
      `turn ${state.turns}${state.opened ? ' - OPEN! (z to undo, q to quit)' : ''}${message ? ` - ${message}` : ''}`,
    );
    if (tty)
      out(
        'hook: l h u b y n, turn k j; wrench: L H U B Y N; wait: . space 5; z undo x redo r reset c colour q quit',
      );
    message = '';
  };
  const rebuild = () => {
    state = replayMoves(lock, history);
  };
  const act = (key: string): boolean => {
    if (key === 'q' || key === '\u0003') return false;
    if (key === '?') message = KEYS_HELP;
    else if (key === 'c') {
      byNature = !byNature;
      colours = undefined;
      message = byNature ? 'colours by nature' : 'adjacent pieces differ in colour';
    } else if (key === 'z') {
      const m = history.pop();
      if (m) {
        future.unshift(m);
        rebuild();
      } else message = 'nothing to undo';
    } else if (key === 'x') {
      const m = future.shift();
      if (m) {
        history.push(m);
        rebuild();
      } else message = 'nothing to redo';
    } else if (key === 'r') {
      future = [...history, ...future];
      history.length = 0;
      rebuild();
    } else {
      const move = parseToolMove(key === ' ' || key === '5' ? '.' : key);
      if (!move.ok) message = `unknown key "${key}" (? for help)`;
      else if (state.opened) message = 'the lock is open';
      else {
        history.push(move.value);
        future = [];
        state = playOrThrow(state, move.value);
      }
    }
    show();
    return true;
  };
  if (caption && !tty) out(caption);
  out(KEYS_HELP);
  show();
  if (tty) {
    process.stdin.setRawMode(true);
    process.stdin.setEncoding('utf8');
    await new Promise<void>((resolve) => {
      process.stdin.on('data', (chunk: string) => {
        for (const key of chunk) {
          if (!act(key)) {
            process.stdin.setRawMode(false);
            process.stdin.pause();
            resolve();
            return;
          }
        }
      });
    });
  } else {
    const { createInterface } = await import('node:readline');
    const lines = createInterface({ input: process.stdin, terminal: false });
    loop: for await (const line of lines) {
      for (const token of line.split(/[\s,]+/).filter((t) => t !== '')) {
        if (!act(token === 'wait' ? '.' : token)) break loop;
      }
    }
    lines.close();
  }
  if (state.opened) out(`Solution (${history.length} turns): ${formatMoveList(history)}`);
  return state.opened;
}
