/** The work of `tessera mail-in` (./mail-in.ts), loaded only when that command runs. */
import { configFromEnv, MAX_MAIL_BYTES, mailInOnce, StoreUnavailable } from '../server/index.ts';
import { EX_TEMPFAIL } from './exit-codes.ts';

/** Reads at most one byte past the limit: a larger mail is dropped without reading it all. */
async function readInput(input: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(buffer);
    size += buffer.length;
    if (size > MAX_MAIL_BYTES) break;
  }
  return Buffer.concat(chunks);
}

/**
 * The exit status: 0 handled (played, refused or dropped), 75 for every failure that is not the
 * mail's fault (a setting, the store, the relay, a bug), so the MTA keeps the mail and tries again
 * later instead of bouncing a player's move.
 */
export async function runMailIn(
  input: NodeJS.ReadableStream,
  env: NodeJS.ProcessEnv,
  play: typeof mailInOnce = mailInOnce,
): Promise<number> {
  try {
    const config = configFromEnv(env);
    const outcome = await play(config, await readInput(input));
    if (outcome.kind === 'deferred') {
      process.stderr.write(`tessera mail-in: deferred (${outcome.reason}), try again later\n`);
      return EX_TEMPFAIL;
    }
    const said =
      outcome.kind === 'played'
        ? `played ${outcome.commands} command(s)`
        : outcome.kind === 'refused'
          ? `refused (${outcome.reason}${outcome.answered ? ', answered' : ''})`
          : `dropped (${outcome.reason})`;
    process.stderr.write(`tessera mail-in: ${said}\n`);
    return 0;
  } catch (error) {
    const why = error instanceof StoreUnavailable ? 'store unavailable' : 'failed';
    process.stderr.write(`tessera mail-in: ${why}, try again later: ${(error as Error).message}\n`);
    return EX_TEMPFAIL;
  }
}
