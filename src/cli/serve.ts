/** `tessera serve [--port N] [--data DIR]`: run the Tessera server. */
import type { Command } from 'commander';
import { intOption, UsageError } from './usage.ts';

interface ServeFlags {
  port?: string;
  data?: string;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('run the server (PORT, TESSERA_DATA, DATABASE_URL=postgres://… also configure it)')
    .option('--port <n>', 'port to listen on (default 27001, or PORT)')
    .option('--data <dir>', 'data directory for the embedded database (default ./data, or TESSERA_DATA)')
    .action(async (flags: ServeFlags) => {
      // Loaded here, not at the top: no other command should pay for the server's modules.
      const { configFromEnv, startServer, statsOnSignal } = await import('../server/index.ts');
      let env: ReturnType<typeof configFromEnv>;
      try {
        env = configFromEnv(process.env);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const config = {
        ...env,
        ...(flags.port === undefined ? {} : { port: intOption('--port', flags.port, 0, 65535) }),
        ...(flags.data === undefined ? {} : { dataDir: flags.data }),
      };
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer(config);
      } catch (error) {
        // A busy port, a locked data file, an unreachable database: one line, exit status 1.
        process.stderr.write(`tessera serve: ${(error as Error).message}\n`);
        process.exit(1);
      }
      const port = new URL(server.address).port;
      statsOnSignal(process.env);
      process.stdout.write(
        `Tessera listening on http://localhost:${port} (${server.store.kind}: ${server.store.location})\n`,
      );
      if (server.smtp) process.stdout.write(`Tessera takes mail in over SMTP on ${server.smtp.address}\n`);
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            process.stderr.write(`tessera serve: stopping failed: ${(error as Error).message}\n`);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
}
