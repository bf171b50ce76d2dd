/** `tessera play`: the full-screen terminal client; with `--server URL`, online play there. */
import type { Command } from 'commander';
import { exitCodeOnCtrlC } from './ctrl-c.ts';
import { UsageError } from './usage.ts';

/** The server's base address, or a UsageError saying what is wrong with it. */
export function serverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw new UsageError(`--server must be an address such as http://localhost:8080, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--server must be an http:// or https:// address, got "${text}"`);
  }
  return url.origin;
}

export function registerPlay(program: Command): void {
  program
    .command('play')
    .description('open the full-screen terminal client (menu of games; keyboard-driven)')
    .option('--server <url>', 'play online on a Tessera server (log in with your account)')
    .action(async (options: { server?: string }) => {
      const server = options.server === undefined ? undefined : serverUrl(options.server);
      if (!process.stdin.isTTY || !process.stdout.isTTY) {
        throw new UsageError(
          'play needs an interactive terminal; for typed moves use "tessera warpweft play"',
        );
      }
      exitCodeOnCtrlC(process.stdin);
      if (server) {
        const { runOnline } = await import('../tui/online/index.ts');
        await runOnline(server);
        return;
      }
      const { runTui } = await import('../tui/index.ts');
      await runTui();
    });
}
