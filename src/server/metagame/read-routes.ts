/** The metagame's reading routes: codenames to pick from, the world, players, locks, notes, scores, retired locks. */
import {
  explainScore,
  lockView,
  notesPage,
  noteView,
  playersPage,
  playerView,
  randomCodenames,
  retiredPage,
  scorePage,
  worldView,
} from '../../games/intricacy/index.ts';
import { createRng } from '../../grid/index.ts';
import type { App } from '../http/index.ts';
import { type MetagameAccess, must, type RouteAuth } from './access.ts';
import {
  CodenameParams,
  CodenamesQuery,
  ExplainQuery,
  IdParams,
  NotesQuery,
  PageQuery,
  ScoresQuery,
} from './schemas.ts';
import type { createMetagame } from './world.ts';

export function readRoutes(
  app: App,
  auth: RouteAuth,
  metagame: ReturnType<typeof createMetagame>,
  { storedCodename, viewerOf }: MetagameAccess,
): void {
  app.get('/api/intricacy/codenames', { schema: { querystring: CodenamesQuery } }, async (request) => {
    const world = await metagame.world();
    const seed = Math.floor(Math.random() * 2 ** 32);
    const taken = world.players.map((p) => p.codename);
    return { codenames: must(randomCodenames(createRng(seed), request.query.count ?? 8, taken)) };
  });

  app.get('/api/intricacy/me', async (request) => {
    const user = await auth.maybeUser(request);
    return { codename: user === null ? null : ((await storedCodename(user)) ?? null) };
  });

  app.get('/api/intricacy/world', async (request) =>
    worldView(await metagame.world(), await viewerOf(auth, request)),
  );

  app.get('/api/intricacy/players', { schema: { querystring: PageQuery } }, async (request) =>
    playersPage(await metagame.world(), await viewerOf(auth, request), request.query),
  );

  app.get(
    '/api/intricacy/players/:codename',
    { schema: { params: CodenameParams, querystring: PageQuery } },
    async (request) => {
      const viewer = await viewerOf(auth, request);
      return must(
        playerView(await metagame.world(), request.params.codename, viewer, request.query),
        'not-found',
      );
    },
  );

  app.get(
    '/api/intricacy/locks/:id',
    { schema: { params: IdParams, querystring: PageQuery } },
    async (request) => {
      const viewer = await viewerOf(auth, request);
      return must(lockView(await metagame.world(), viewer, request.params.id, request.query), 'not-found');
    },
  );

  app.get('/api/intricacy/notes', { schema: { querystring: NotesQuery } }, async (request) =>
    notesPage(await metagame.world(), await viewerOf(auth, request), request.query),
  );

  app.get(
    '/api/intricacy/notes/:id',
    { schema: { params: IdParams, querystring: PageQuery } },
    async (request) => {
      const viewer = await viewerOf(auth, request);
      return must(noteView(await metagame.world(), viewer, request.params.id, request.query), 'not-found');
    },
  );

  // The ranking behind every page is built once per change of the world, not per request.
  app.get('/api/intricacy/scores', { schema: { querystring: ScoresQuery } }, async (request) => {
    const { columns, ...page } = request.query;
    return scorePage(await metagame.world(), {
      ...page,
      ...(columns === undefined ? {} : { columnOffset: columns }),
    });
  });

  // One score as the accesses that make it up (a player against themselves has none).
  app.get('/api/intricacy/scores/explain', { schema: { querystring: ExplainQuery } }, async (request) => {
    const { player, against } = request.query;
    return must(
      explainScore(await metagame.world(), player, against),
      player === against ? 'bad-request' : 'not-found',
    );
  });

  // A page of the retired locks, newest first, as a plain list (GET /world counts them all).
  app.get('/api/intricacy/retired', { schema: { querystring: PageQuery } }, async (request) => {
    const viewer = await viewerOf(auth, request);
    return retiredPage(await metagame.world(), viewer, request.query).locks;
  });
}
