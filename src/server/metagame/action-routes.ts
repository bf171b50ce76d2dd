/** The metagame's actions: registering a codename, placing and retiring a lock, declaring a solution. */
import {
  canDeclare,
  canPlaceLock,
  lockView,
  noteView,
  parseLockText,
  slotWords,
  validateCodename,
} from '../../games/intricacy/index.ts';
import { type App, HttpError } from '../http/index.ts';
import { type MetagameAccess, must, type RouteAuth } from './access.ts';
import { DeclareBody, IdParams, PlaceBody, RegisterBody, SlotParams } from './schemas.ts';

export function actionRoutes(
  app: App,
  auth: RouteAuth,
  { verify, checking, storedCodename, codenameOf, preCheck, act }: MetagameAccess,
): void {
  app.post('/api/intricacy/register', { schema: { body: RegisterBody } }, async (request, reply) => {
    const user = await auth.userOf(request);
    const codename = must(validateCodename(request.body.codename));
    const existing = await storedCodename(user);
    if (existing !== undefined)
      throw new HttpError('conflict', `your account already has the codename ${existing}`);
    await act({ kind: 'register', payload: { codename } }, user);
    return reply.status(201).send({ codename });
  });

  app.put(
    '/api/intricacy/slots/:slot',
    { schema: { params: SlotParams, body: PlaceBody } },
    async (request) =>
      checking(auth, request, async (owner) => {
        const { slot } = request.params;
        const text = parseLockText(request.body.lock);
        if (!text.ok) throw new HttpError('bad-request', `the lock: ${text.error}`);
        // The cheap rules first, then the replay, then the rules again on the current world.
        const checked = await preCheck((world) => must(canPlaceLock(world, owner, slot, text.value)));
        const solution = await verify(owner, request, {
          lock: checked.lock,
          solution: request.body.solution,
          name: 'the lock',
        });
        const { after } = await act({
          kind: 'place',
          payload: { owner, slot, lock: checked.lock, solution },
        });
        const id = after.players.find((p) => p.codename === owner)?.slots[slot];
        return must(lockView(after, owner, id ?? -1), 'not-found');
      }),
  );

  app.delete('/api/intricacy/slots/:slot', { schema: { params: SlotParams } }, async (request) => {
    const owner = await codenameOf(auth, request);
    const { slot } = request.params;
    const { before } = await act({ kind: 'retire', payload: { owner, slot } });
    return { retired: before.players.find((p) => p.codename === owner)?.slots[slot] ?? null };
  });

  app.post(
    '/api/intricacy/locks/:id/solution',
    { schema: { params: IdParams, body: DeclareBody } },
    async (request) =>
      checking(auth, request, async (solver) => {
        const on = request.params.id;
        const { slot } = request.body;
        const { behind, target } = await preCheck((world) => {
          const behind = world.players.find((p) => p.codename === solver)?.slots[slot];
          if (behind === null || behind === undefined)
            throw new HttpError(
              'bad-request',
              `your ${slotWords(slot)} is empty: a note is secured behind a lock of yours, so place one there first`,
            );
          // A lock that does not exist is not found; the other rules of declaring are bad requests.
          must(lockView(world, solver, on), 'not-found');
          return { behind, target: must(canDeclare(world, solver, on, behind)) };
        });
        const solution = await verify(solver, request, {
          lock: target.lock,
          solution: request.body.solution,
          name: `lock ${on}`,
        });
        const { after } = await act({ kind: 'declare', payload: { solver, on, behind, solution } });
        const note = after.notes.find((n) => n.author === solver && n.on === on);
        return must(noteView(after, solver, note?.id ?? -1), 'not-found');
      }),
  );
}
