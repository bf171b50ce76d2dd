/**
 * What a logged-in player keeps of Intricacy on the server, so every device sees it: progress
 * through the tutorial and the initiation, and the locks saved from the editor. Lock texts and
 * solutions are checked before they are kept; the limits are in src/api/intricacy-account.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as S from '../../api/index.ts';
import { INITIATION, parseLockText, parseMoveList, TUTORIAL } from '../../games/intricacy/index.ts';
import type { RouteContext } from '../http/index.ts';
import { HttpError } from '../http/index.ts';

const CURRICULUM = new Set([...TUTORIAL, ...INITIATION].map((l) => l.name));

/** A name people can read back: no control characters, no spaces around it. */
function checkName(name: string): string {
  const trimmed = name.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (trimmed === '' || /[\u0000-\u001f\u007f]/.test(trimmed))
    throw new HttpError('bad-request', 'a saved lock needs a name of letters, digits or signs');
  return trimmed;
}

export const intricacyAccountRoutes: FastifyPluginAsyncTypebox<RouteContext> = async (
  app,
  { store, auth },
) => {
  const { userOf } = auth;

  app.get(
    '/api/intricacy/progress',
    async (request): Promise<S.IntricacyProgress> => store.intricacyProgress(await userOf(request)),
  );
  // Solves made elsewhere (another device, or before logging in) join those kept: the fewest turns win.
  app.post('/api/intricacy/progress', { schema: { body: S.ProgressBody } }, async (request) => {
    const user = await userOf(request);
    const { solved, skipInitiation } = request.body;
    const unknown = Object.keys(solved).find((name) => !CURRICULUM.has(name));
    if (unknown !== undefined)
      throw new HttpError(
        'bad-request',
        `there is no tutorial or initiation lock called "${unknown.slice(0, 60)}"`,
      );
    return store.recordIntricacyProgress(user, solved, skipInitiation);
  });

  app.get(
    '/api/intricacy/saved',
    async (request): Promise<S.SavedLockList> => ({
      locks: await store.savedLocks(await userOf(request)),
      max: S.MAX_SAVED_LOCKS,
    }),
  );
  app.put(
    '/api/intricacy/saved/:name',
    { schema: { params: S.SavedLockParams, body: S.SavedLockBody } },
    async (request): Promise<S.SavedLockEntry> => {
      const user = await userOf(request);
      const name = checkName(request.params.name);
      const { text, solution } = request.body;
      const lock = parseLockText(text);
      if (!lock.ok) throw new HttpError('bad-request', `the lock: ${lock.error}`);
      if (solution !== null) {
        const moves = parseMoveList(solution);
        if (!moves.ok) throw new HttpError('bad-request', `the solution: ${moves.error}`);
      }
      const entry = { name, text, solution, savedAt: Date.now() };
      if (!(await store.saveLock(user, entry, S.MAX_SAVED_LOCKS)))
        throw new HttpError(
          'conflict',
          `you have ${S.MAX_SAVED_LOCKS} saved locks, the most an account keeps: delete one first`,
        );
      return entry;
    },
  );
  app.delete('/api/intricacy/saved/:name', { schema: { params: S.SavedLockParams } }, async (request) => {
    const user = await userOf(request);
    if (!(await store.deleteSavedLock(user, request.params.name.trim())))
      throw new HttpError('not-found', `you have no saved lock called "${request.params.name.trim()}"`);
    return { ok: true };
  });
};
