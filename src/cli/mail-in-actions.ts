/** The work of `tessera mail-in` (./mail-in.ts), loaded only when that command runs. */
import { configFromEnv, MAX_MAIL_BYTES, mailInOnce, StoreUnavailable } from '../server/index.ts';
import { EX_TEMPFAIL } from './mail-in.ts';

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

/** The exit status: 0 handled, 75 try again later, 2 a setting is wrong. */
export async function runMailIn(input: NodeJS.ReadableStream, env: NodeJS.ProcessEnv): Promise<number> {
  let config: ReturnType<typeof configFromEnv>;
  try {
    config = configFromEnv(env);
  } catch (error) {
    process.stderr.write(`tessera mail-in: ${(error as Error).message}\n`);
    return EX_TEMPFAIL;
  }
  const raw = await readInput(input);
  try {
    const outcome = await mailInOnce(config, raw);
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
    if (!(error instanceof StoreUnavailable)) throw error;
    process.stderr.write(`tessera mail-in: store unavailable, try again later: ${error.message}\n`);
    return EX_TEMPFAIL;
  }
}
