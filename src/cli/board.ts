/** `tessera board <game>`: print a game's empty board as text. */
import type { Command } from 'commander';
// The list of ids alone, not the games' index: help should not load every game's rules.
import { GAME_IDS } from '../games/ids.ts';
import { intOption, UsageError } from './usage.ts';

/** The size of the empty lock `board intricacy` prints, as a new lock in the editor. */
const EMPTY_LOCK_SIZE = 5;

interface BoardFlags {
  size?: string;
  variant?: string;
  compact?: boolean;
}

export function registerBoard(program: Command): void {
  program
    .command('board')
    .description('print the empty board of a game')
    .argument('<game>', `one of: ${GAME_IDS.join(', ')}`)
    .option(
      '--size <n>',
      'board size (Warp and Weft: 2 to 6, default 4; Intricacy: the lock, 1 to 11, default 5)',
    )
    .option('--variant <name>', 'rules variant (Warp and Weft: thread or patch)')
    .option('--compact', 'the compact text form, for narrow terminals')
    .action(async (id: string, flags: BoardFlags) => {
      const { GAMES } = await import('../games/index.ts');
      const key = id.toLowerCase();
      // Own entries only: "constructor" is not a game.
      const game = Object.hasOwn(GAMES, key) ? GAMES[key] : undefined;
      if (!game) throw new UsageError(`unknown game "${id}": choose one of ${GAME_IDS.join(', ')}`);
      const raw: Record<string, unknown> = {};
      if (flags.size !== undefined) {
        if (!/^\d+$/.test(flags.size))
          throw new UsageError(`--size must be a whole number, got "${flags.size}"`);
        raw.size = Number(flags.size);
      }
      if (game.id === 'intricacy') {
        // Intricacy's board is a lock: its empty one is the frame, the bolt and the two tools.
        const { MAX_SIZE, MIN_SIZE, lockToText, standardLock } = await import('../games/intricacy/index.ts');
        const size =
          flags.size === undefined ? EMPTY_LOCK_SIZE : intOption('--size', flags.size, MIN_SIZE, MAX_SIZE);
        process.stdout.write(`${lockToText(standardLock(size)).replace(/\n+$/, '')}\n`);
        return;
      }
      if (flags.variant !== undefined) raw.variant = flags.variant.toLowerCase();
      const options = game.parseOptions(raw);
      if (!options.ok) throw new UsageError(options.error);
      const state = game.setup(options.value, 0);
      process.stdout.write(`${game.toText(state, { compact: flags.compact === true })}\n`);
    });
}
