/**
 * `tessera atom4 replay | play`: the commands and their options. What they do is in
 * ./atom4-actions.ts, loaded only when one of them runs.
 */
import type { Command } from 'commander';
// Not the game's index: help needs only these limits, not the rules or the AI.
import { MAX_LEVEL, MAX_ROUNDS } from '../games/atom4/limits.ts';
import type { PlayFlags, ReplayFlags } from './atom4-actions.ts';

const actions = () => import('./atom4-actions.ts');

export function registerAtom4(program: Command): void {
  const a4 = program.command('atom4').description('Atom-4, the colour-mixing game on a triangular lattice');
  a4.command('replay')
    .description('apply moves from the standard opening of a round and print every position')
    .requiredOption('--moves <list>', 'placements as x,y separated by spaces, e.g. "8,6 9,6"')
    .option('--round <r>', 'the round whose opening and colour order to use', '1')
    .option('--json', 'one JSON object per ply: {"ply","player","move","board","winner"}')
    .action(async (flags: ReplayFlags) => (await actions()).replayCommand(flags));
  a4.command('play')
    .description('play in the terminal, against the computer or two people at one keyboard')
    .option('--ai <player>', 'the player the computer plays: 1 or 2 (default: none, two people)')
    .option(
      '--level <n>',
      `the computer's strength, 0 to ${MAX_LEVEL} (2 is like the original's default)`,
      '2',
    )
    .option('--rounds <n>', `rounds to play, 1 to ${MAX_ROUNDS}`, String(MAX_ROUNDS))
    .option('--seed <n>', "seed for the computer's choices among equal moves", '1')
    .action(async (flags: PlayFlags) => (await actions()).playCommand(flags));
}
