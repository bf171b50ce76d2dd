/**
 * `tessera warpweft play`: the command and its options. What it does is in
 * ./warpweft-actions.ts, loaded only when it runs.
 */
import type { Command } from 'commander';
import type { PlayFlags } from './warpweft-actions.ts';

export function registerWarpWeft(program: Command): void {
  const ww = program.command('warpweft').description('Warp and Weft, the woven connection game');
  ww.command('play')
    .description('play in the terminal against the computer or another person')
    .option('--size <n>', 'threads of one direction along an edge, 2 to 6', '4')
    .option('--variant <name>', 'thread (thread-primary) or patch (patch-primary)', 'thread')
    .option('--vs <who>', 'bot or human', 'bot')
    .option('--you <seat>', 'against the bot: play first (Warp) or second (Weft)', 'first')
    .option('--think <ms>', "the bot's time per move in milliseconds", '1000')
    .option('--seed <n>', "seed for the bot's search", '1')
    .option('--compact', 'the compact board (chosen anyway when the terminal is too narrow)')
    .action(async (flags: PlayFlags) => (await import('./warpweft-actions.ts')).playCommand(flags));
}
