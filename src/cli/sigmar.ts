/**
 * `tessera sigmar solve | gen | play`: the commands and their options. What they do is in
 * ./sigmar-actions.ts, loaded only when one of them runs.
 */
import type { Command } from 'commander';
// Not the game's index: help needs only the shapes' names, not the rules.
import { TEMPLATE_NAMES } from '../games/sigmar/template-drawings.ts';
import type { GenFlags, PlayFlags, SolveFlags } from './sigmar-actions.ts';

const actions = () => import('./sigmar-actions.ts');

export function registerSigmar(program: Command): void {
  const sg = program.command('sigmar').description("Sigmar's Garden: solve, generate and play boards");
  sg.command('solve')
    .description('solve boards (91-character lines) from a file, or - for standard input')
    .argument('<file>', 'a file of boards, one per line, or - for standard input')
    .option('--solution', 'print each solution as moves in cell notation')
    .option('--budget <ms>', 'give up on a board after this many milliseconds ("unknown")')
    .action(async (file: string, flags: SolveFlags) => (await actions()).solveCommand(file, flags));
  sg.command('gen')
    .description('generate solvable boards, one 91-character line each')
    .option('--count <n>', 'how many boards', '1')
    .option('--seed <n>', 'seed of the first board (board k gets seed + k); random by default')
    .option('--template <name>', `board shape: ${TEMPLATE_NAMES.join(', ')}`)
    .option('--difficulty <level>', 'easy, normal or hard (graded by how often random play clears it)')
    .option('--sloppy', 'skip the harder-board rules')
    .option('--info', 'after each board, write its seed, template and grade to standard error')
    .action(async (flags: GenFlags) => (await actions()).genCommand(flags));
  sg.command('play')
    .description('play a board in the terminal by typed cell coordinates')
    .option('--seed <n>', 'the board to deal (a shared board is a seed); random by default')
    .option('--template <name>', `board shape: ${TEMPLATE_NAMES.join(', ')}`)
    .option('--difficulty <level>', 'easy, normal or hard')
    .option('--sloppy', 'skip the harder-board rules')
    .option('--board <text>', 'play this 91-character board instead of dealing one')
    .option('--think <ms>', 'time the hint may take, in milliseconds', '2000')
    .action(async (flags: PlayFlags) => (await actions()).playCommand(flags));
}
