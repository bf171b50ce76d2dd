/**
 * `tessera mail-in`: one mail (RFC 5322) on standard input, played as the SMTP listener would play
 * it, for an MTA's pipe (a postfix alias, procmail). The exit status tells the MTA what to do:
 * 0 when the mail was handled (played, or refused with a reply, or dropped as a loop), 75
 * (EX_TEMPFAIL) on any failure that is not the mail's fault, so the MTA delivers it again later.
 */
import type { Command } from 'commander';
import { EX_TEMPFAIL } from './exit-codes.ts';

export function registerMailIn(program: Command): void {
  program
    .command('mail-in')
    .description('play the PBeM commands of one mail read on standard input (for an MTA pipe; docs/mail.md)')
    .action(async () => {
      // Whatever fails, the MTA must keep the mail for a later try, never bounce it.
      const tempfail = (error: unknown) => {
        process.stderr.write(`tessera mail-in: failed, try again later: ${(error as Error)?.message}\n`);
        process.exit(EX_TEMPFAIL);
      };
      process.on('uncaughtException', tempfail);
      process.on('unhandledRejection', tempfail);
      try {
        // Loaded here, not at the top: no other command should pay for the server's modules.
        const { runMailIn } = await import('./mail-in-actions.ts');
        process.exitCode = await runMailIn(process.stdin, process.env);
      } catch (error) {
        tempfail(error);
      }
    });
}
