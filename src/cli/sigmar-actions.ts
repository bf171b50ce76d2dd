/** What `tessera sigmar solve | gen | play` does (./sigmar.ts defines the commands). */
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { playText } from '../games/game.ts';
import {
  cellName,
  cellsOf,
  DIFFICULTIES,
  type Difficulty,
  drawBoard,
  drawCoordinates,
  formatBoard,
  generateGraded,
  LEGEND,
  legalRemovals,
  moveSafety,
  parseBoard,
  parseMove,
  type SigmarOptions,
  type SigmarState,
  sigmar,
  solve,
  statusLine,
  suggestMove,
} from '../games/sigmar/index.ts';
import { choiceOption, intOption, UsageError } from './usage.ts';

const MAX_SEED = 2 ** 32 - 1;

export interface SolveFlags {
  solution?: boolean;
  budget?: string;
}
interface DealFlags {
  seed?: string;
  template?: string;
  difficulty?: string;
  sloppy?: boolean;
}
export interface GenFlags extends DealFlags {
  count: string;
  info?: boolean;
}
export interface PlayFlags extends DealFlags {
  board?: string;
  think: string;
}

export function solveCommand(file: string, flags: SolveFlags): void {
  const budgetMs = flags.budget === undefined ? null : intOption('--budget', flags.budget, 1, 86_400_000);
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  process.exitCode = solveAll(text, flags.solution === true, budgetMs) ? 0 : 1;
}

export function genCommand(flags: GenFlags): void {
  const count = intOption('--count', flags.count, 1, 1_000_000);
  const { seed, options } = dealOptions(flags);
  // A random first seed goes to standard error, so that the boards can be dealt again.
  if (flags.seed === undefined && !flags.info) process.stderr.write(`seed ${seed}\n`);
  for (let k = 0; k < count; k++) {
    const s = (seed + k) % (MAX_SEED + 1);
    const dealt = generateGraded(s, options);
    process.stdout.write(`${formatBoard(dealt.board)}\n`);
    if (flags.info || !dealt.matched) {
      const grade = dealt.grade
        ? ` ${dealt.grade.difficulty} (random play clears ${Math.round(dealt.grade.clearRate * 100)}%)`
        : '';
      const miss = dealt.matched ? '' : ` — no ${options.difficulty} board found, closest dealt`;
      process.stderr.write(
        `seed ${s} template ${dealt.template}${dealt.mirrored ? ' mirrored' : ''}${grade}${miss}\n`,
      );
    }
  }
}

export async function playCommand(flags: PlayFlags): Promise<void> {
  const { seed, options } = dealOptions(flags);
  const parsed = sigmar.parseOptions({ ...options, board: flags.board ?? null });
  if (!parsed.ok) throw new UsageError(parsed.error);
  await playLoop(parsed.value, seed, intOption('--think', flags.think, 10, 600_000));
}

function dealOptions(flags: DealFlags): {
  seed: number;
  options: { template: string | null; difficulty: Difficulty | null; sloppy: boolean };
} {
  const seed =
    flags.seed === undefined ? randomInt(0, MAX_SEED) : intOption('--seed', flags.seed, 0, MAX_SEED);
  const difficulty =
    flags.difficulty === undefined ? null : choiceOption('--difficulty', flags.difficulty, DIFFICULTIES);
  const options = { template: flags.template ?? null, difficulty, sloppy: flags.sloppy === true };
  const checked = sigmar.parseOptions(options);
  if (!checked.ok)
    throw new UsageError(
      checked.error.replace(/^template|^unknown template/, '--template: unknown template'),
    );
  return { seed, options: { ...options, template: checked.value.template } };
}

/** Solve every board line; true when all are solvable. */
function solveAll(text: string, showSolution: boolean, budgetMs: number | null): boolean {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  let total = 0;
  let solved = 0;
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    total++;
    const where = `line ${i + 1}`;
    const board = parseBoard(line);
    if (!board.ok) {
      out(`${where}: not a board: ${board.error}`);
      continue;
    }
    const deadline = budgetMs === null ? null : performance.now() + budgetMs;
    const result = solve(
      board.value,
      deadline === null ? {} : { timeUp: () => performance.now() > deadline },
    );
    if (result.status === 'solvable') {
      solved++;
      out(`${where}: solvable, ${result.solution.length} moves`);
      if (showSolution) out(`  ${result.solution.map((m) => m.map(cellName).join('+')).join(' ')}`);
    } else if (result.status === 'unsolvable') out(`${where}: unsolvable`);
    else out(`${where}: unknown (gave up after ${budgetMs} ms)`);
  }
  out(`solved ${solved} of ${total}`);
  return solved === total;
}

const HELP = `Type two cells to remove a pair, such as C4 E7 (gold alone: its one cell).
Cells: a row letter A-K from the top, then the position counted from the left of that row
(rows A and K have 6 cells, row F has 11; F6 is the centre). [x] marks a free marble.
Commands: undo, retry (back to the start), hint (a good next move), safe C4 E7 (is that move
safe?), moves (every legal move), coords (the map of cell names), board, help, quit.
${LEGEND}`;

async function playLoop(options: SigmarOptions, seed: number, thinkMs: number): Promise<void> {
  const out = (text: string) => process.stdout.write(`${text}\n`);
  let state: SigmarState = sigmar.setup(options, seed);
  const budget = () => {
    const deadline = performance.now() + thinkMs;
    return { timeUp: () => performance.now() > deadline };
  };
  const show = () => {
    const cells = cellsOf(state);
    out(drawBoard(cells));
    const outcome = sigmar.outcome(state);
    if (outcome?.kind === 'win') out(`Cleared in ${state.removed.length} moves. Well done.`);
    else if (outcome) out(`No move remains: type undo or retry.`);
    else out(statusLine(cells));
  };
  out(
    options.board === null
      ? `Sigmar's Garden, seed ${seed}, template ${state.template}${state.mirrored ? ' (mirrored)' : ''}. Type help for help.`
      : "Sigmar's Garden, your board. Type help for help.",
  );
  show();
  const prompt = () => process.stdout.write('> ');
  prompt();
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    const input = line.trim().toLowerCase();
    if (input === 'quit' || input === 'exit' || input === 'q') break;
    const cells = cellsOf(state);
    if (input === '') {
      // nothing typed
    } else if (input === 'help' || input === '?') {
      out(HELP);
    } else if (input === 'coords') {
      out(drawCoordinates());
    } else if (input === 'board') {
      show();
    } else if (input === 'moves') {
      out(
        legalRemovals(cells)
          .map((m) => m.map(cellName).join('+'))
          .join(' ') || 'none',
      );
    } else if (input === 'hint') {
      const s = suggestMove(cells, budget());
      out(
        s.kind === 'move'
          ? `Try ${s.cells.map(cellName).join('+')}.`
          : s.kind === 'lost'
            ? 'This board can no longer be cleared: undo or retry.'
            : s.kind === 'clear'
              ? 'The board is clear.'
              : 'No answer within the time allowed (the hint gave up).',
      );
    } else if (input.startsWith('safe')) {
      const move = parseMove(input.slice(4));
      if (!move.ok || move.value.kind !== 'remove') out(`Write safe and a move, such as safe C4 E7.`);
      else {
        const verdict = moveSafety(cells, move.value.cells, budget());
        out(
          !verdict.ok
            ? `Illegal move: ${verdict.error}`
            : verdict.value === 'safe'
              ? 'Safe: the board can still be cleared after it.'
              : verdict.value === 'losing'
                ? 'Losing: after it the board can no longer be cleared.'
                : 'Unknown: no answer within the time allowed.',
        );
      }
    } else {
      const next = playText(sigmar, state, input);
      if (!next.ok) out(`Not played: ${next.error}`);
      else {
        state = next.value;
        show();
      }
    }
    prompt();
  }
  lines.close();
  out('');
}
