/**
 * `tessera pbm [--server URL] <words…>`: one PBeM command sent to a Tessera server, its reply
 * printed. Exit status 0 when the server accepted the command, 1 when it refused it (the reason
 * is printed), 2 for a usage mistake or an unreachable server.
 */
import type { Command } from 'commander';
import type { ApiError, PbmAnswer } from '../api/index.ts';
import { UsageError } from './usage.ts';

export const DEFAULT_SERVER = 'http://localhost:27001';

export function registerPbm(program: Command): void {
  program
    .command('pbm')
    .description('send a PBeM command to a server, e.g. pbm WarpAndWeft show 12 ("pbm help" lists them)')
    .option('--server <url>', `server address (default ${DEFAULT_SERVER}, or TESSERA_SERVER)`)
    .argument('<words...>', 'the command, as on the PBeM server')
    .allowUnknownOption()
    // The words after `pbm` are the server's (they may look like options), so commander does not
    // read --help there; as the first word it is this command's help, shown without any server.
    .helpOption(false)
    .addHelpText('after', '\n"pbm help" asks the server for its list of commands.')
    .action(async function (this: Command, words: string[], flags: { server?: string }) {
      if (words[0] === '--help' || words[0] === '-h') {
        this.outputHelp();
        return;
      }
      const server = flags.server ?? process.env.TESSERA_SERVER ?? DEFAULT_SERVER;
      let url: URL;
      try {
        url = new URL('/api/pbm', server);
      } catch {
        throw new UsageError(`--server must be a URL such as ${DEFAULT_SERVER}, got "${server}"`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new UsageError(`--server must be an http:// or https:// address, got "${server}"`);
      }
      let reply: Reply;
      try {
        reply = await postJson(url, { args: words });
      } catch (error) {
        throw new UsageError(`cannot reach ${server}: ${unreachableReason(error)}`);
      }
      // The command's answer; a request refused before the command ran (too many, too large) has
      // only the refusal's sentence and code.
      let body: Partial<PbmAnswer & ApiError> = {};
      try {
        body = JSON.parse(reply.text);
      } catch {
        // not JSON: reported by its status below
      }
      const text = body.text ?? (body.error ? `Error: ${body.error}` : `Error: HTTP ${reply.status}`);
      process.stdout.write(`${text}\n`);
      if (reply.status < 200 || reply.status > 299) process.exitCode = 1;
    });
}

/** Why a server could not be reached, as a sentence rather than Node's error dump. */
export function unreachableReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'nothing is listening there (is the server running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no such host name';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host does not answer';
    case 'ECONNRESET':
      return 'the connection was cut before the server answered';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

interface Reply {
  readonly status: number;
  readonly text: string;
}

/**
 * POST a JSON body and read the whole reply. Node's http client rather than fetch, which brings a
 * second HTTP stack (undici, with a WebAssembly parser) whose loading took most of a command's
 * run; and taken with getBuiltinModule, because `import` of node:http builds a module namespace
 * from every export, and its WebSocket export loads undici all the same.
 */
function postJson(url: URL, body: unknown): Promise<Reply> {
  const { request } = process.getBuiltinModule(url.protocol === 'https:' ? 'node:https' : 'node:http');
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    // No keep-alive agent: one request, then the process ends.
    request(url, { method: 'POST', headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end(payload);
  });
}
