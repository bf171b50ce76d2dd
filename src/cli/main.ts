/** The one command-line entry point: `./tessera <command>` (bin/tessera.js). */
import { Command, CommanderError } from 'commander';
import { registerAtom4 } from './atom4.ts';
import { registerBoard } from './board.ts';
import { registerIntricacy } from './intricacy.ts';
import { registerMailIn } from './mail-in.ts';
import { registerPbm } from './pbm.ts';
import { registerPlay } from './play.ts';
import { registerServe } from './serve.ts';
import { registerSigmar } from './sigmar.ts';
import { UsageError } from './usage.ts';
import { registerWarpWeft } from './warpweft.ts';

// A reader that stops early (`| head`) closes the pipe: the command has nothing more to say.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

// Commander's mistakes (an unknown command or option, a missing argument) come back as errors, to
// be said in one line below; the help and the version are still written as usual. Subcommands
// inherit both settings.
const program = new Command('tessera')
  .description('Tessera: puzzle and abstract games on unusual tilings')
  .exitOverride()
  .configureOutput({ outputError: () => undefined });

registerBoard(program);
registerAtom4(program);
registerIntricacy(program);
registerServe(program);
registerMailIn(program);
registerPbm(program);
registerPlay(program);
registerSigmar(program);
registerWarpWeft(program);

/** The words that run the command's help: `tessera sigmar gen --help`. */
function helpOf(args: readonly string[]): string {
  const words: string[] = [];
  let at: Command = program;
  for (const arg of args) {
    const sub = at.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    words.push(arg);
    at = sub;
  }
  return words.length === 0
    ? 'tessera --help lists the commands'
    : `tessera ${words.join(' ')} --help says more`;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help asked for, shown: its own status (0).
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
      process.exitCode = error.exitCode;
    } else if (error.code === 'commander.help') {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
    } else {
      const what = error.message.replace(/^error: /, '').replace(/\.$/, '');
      process.stderr.write(`tessera: ${what} (${helpOf(process.argv.slice(2))})\n`);
      process.exitCode = 2;
    }
  } else if (error instanceof UsageError) {
    process.stderr.write(`tessera: ${error.message}\n`);
    process.exitCode = 2;
  } else throw error;
}
