/** `tessera play`: the full-screen terminal client. */
import type { Command } from 'commander';
import { UsageError } from './usage.ts';

export function registerPlay(program: Command): void {
  program
    .command('play')
    .description('open the full-screen terminal client (menu of games; keyboard-driven)')
    .action(async () => {
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        throw new UsageError(
          'play needs an interactive terminal; for typed moves use "tessera warpweft play"',
        );
      }
      const { runTui } = await import('../tui/index.ts');
      await runTui();
    });
}
