/** The one command-line entry point: `npx tessera <command>`. */
import { Command } from 'commander';
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

const program = new Command('tessera')
  .description('Tessera: puzzle and abstract games on unusual tilings')
  .showHelpAfterError();

registerBoard(program);
registerAtom4(program);
registerIntricacy(program);
registerServe(program);
registerMailIn(program);
registerPbm(program);
registerPlay(program);
registerSigmar(program);
registerWarpWeft(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  process.stderr.write(`tessera: ${error.message}\n`);
  process.exitCode = 2;
}
