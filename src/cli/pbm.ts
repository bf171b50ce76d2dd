/**
 * `tessera pbm [--server URL] <words…>`: one PBeM command sent to a Tessera server, its reply
 * printed. Exit status 0 when the server accepted the command, 1 when it refused it (the reason
 * is printed), 2 for a usage mistake or an unreachable server.
 */
import type { Command } from 'commander';
import { UsageError } from './usage.ts';

export const DEFAULT_SERVER = 'http://localhost:27001';

export function registerPbm(program: Command): void {
  program
    .command('pbm')
    .description('send a PBeM command to a server, e.g. pbm WarpAndWeft show 12 ("pbm help" lists them)')
    .option('--server <url>', `server address (default ${DEFAULT_SERVER}, or TESSERA_SERVER)`)
    .argument('<words...>', 'the command, as on the PBeM server')
    .allowUnknownOption()
    .helpOption(false)
    .action(async (words: string[], flags: { server?: string }) => {
      const server = flags.server ?? process.env.TESSERA_SERVER ?? DEFAULT_SERVER;
      let url: URL;
      try {
        url = new URL('/api/pbm', server);
      } catch {
        throw new UsageError(`--server must be a URL such as ${DEFAULT_SERVER}, got "${server}"`);
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ args: words }),
        });
      } catch (error) {
        throw new UsageError(`cannot reach ${server}: ${(error as Error).cause ?? (error as Error).message}`);
      }
      const body = (await response.json().catch(() => ({}))) as { text?: string; error?: string };
      const text = body.text ?? (body.error ? `Error: ${body.error}` : `Error: HTTP ${response.status}`);
      process.stdout.write(`${text}\n`);
      if (!response.ok) process.exitCode = 1;
    });
}
