/**
 * `tessera intricacy check | solve | critic | replay | play | tutorial | initiation`: the commands and
 * their options. What they do is in ./intricacy-actions.ts, loaded only when one of them runs.
 */
import type { Command } from 'commander';
import type { SolveFlags } from './intricacy-actions.ts';

const actions = () => import('./intricacy-actions.ts');

export function registerIntricacy(program: Command): void {
  const ic = program.command('intricacy').description('Intricacy: pick and check locks');

  ic.command('check')
    .argument('<lock>', 'lock file or name')
    .description('validate a lock and print its problems (exit status 1 if it has any)')
    .action(async (arg: string) => (await actions()).checkCommand(arg));

  ic.command('solve')
    .argument('<lock>', 'lock file or name')
    .option('--max-moves <n>', 'longest solution to look for', '1000')
    .option('--max-states <n>', 'most lock states to visit', '2000000')
    .option('--seconds <n>', 'give up after this many seconds', '600')
    .description('find a shortest solution by breadth-first search')
    .action(async (arg: string, flags: SolveFlags) => (await actions()).solveCommand(arg, flags));

  ic.command('critic')
    .argument('[lock]', 'lock file or name')
    .option('--curriculum', "every tutorial and initiation lock's verdict, as the table in locks/README.md")
    .description(
      'the lock critic: opens or not, a shortest solution, how many distinct shortest solutions, states explored',
    )
    .action(async (arg: string | undefined, flags: { curriculum?: boolean }) =>
      (await import('./intricacy-critic.ts')).criticCommand(arg, flags),
    );

  ic.command('replay')
    .argument('<lock>', 'lock file or name')
    .requiredOption('--moves <list>', 'moves separated by spaces or commas, e.g. "hE hE h+ wNE ."')
    .description('print the lock after each turn with its blockage annotations, and whether it opens')
    .action(async (arg: string, flags: { moves: string }) => (await actions()).replayCommand(arg, flags));

  ic.command('play')
    .argument('<lock>', 'lock file or name')
    .description('pick a lock in the terminal with the original keys')
    .action(async (arg: string) => (await actions()).playCommand(arg));

  for (const [command, what] of [
    ['tutorial', 'the tutorial: locks teaching the mechanics one by one'],
    ['initiation', 'the initiation: harder locks to solve before the metagame'],
  ] as const) {
    ic.command(command)
      .argument('[lock]', 'number in the list (from 1) or name; the first lock by default')
      .option('--list', 'list the locks, each with its shortest solution length')
      .description(`${what}; plays one lock`)
      .action(async (arg: string | undefined, flags: { list?: boolean }) =>
        (await actions()).courseCommand(command, arg, flags),
      );
  }
}
