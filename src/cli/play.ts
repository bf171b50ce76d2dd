/** `tessera play`: the full-screen terminal client; with `--server URL`, online play there. */
import type { Command } from 'commander';
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

/**
 * Ctrl-C ends the terminal client as it ends any program, with status 130 (128 + SIGINT). The
 * client reads keys in raw mode, where Ctrl-C is a byte (3) and not a signal, and would end with 0:
 * the last keys to arrive before the end decide the status. The keys are looked at as the terminal
 * hands them to the stream, before and apart from the client's own reading.
 */
function exitCodeOnCtrlC(stdin: NodeJS.ReadStream): void {
  const push = stdin.push.bind(stdin);
  stdin.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === null || chunk === undefined) return push(chunk, encoding);
    if (String(chunk).includes('\u0003')) process.exitCode = 130;
    else if (process.exitCode === 130) process.exitCode = 0;
    return push(chunk, encoding);
  };
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
