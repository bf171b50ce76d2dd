/**
 * What players ask of tournaments (the routes and the PBeM commands both come here): create one,
 * enter or leave it before it starts, list them, and show one with its standings and crosstable.
 */
import {
  type CreateTournamentBody,
  MAX_OPEN_TOURNAMENTS,
  MAX_SWISS_ROUNDS,
  type TournamentLine,
  type TournamentView,
} from '../../api/index.ts';
import { type Answer, formatTimeControl, ok, parseTimeControl, refuse } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Store, Tournament, TournamentDetail, TournamentState } from '../../store/index.ts';
import type { Director } from './director.ts';
import { roundRobinRounds } from './pairing.ts';
import { crosstable, standings } from './standings.ts';

const DAY_MS = 86_400_000;
/** How far ahead a start date may be set. */
export const MAX_START_DAYS = 365;

export interface TournamentServiceOptions {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly director: Director;
  readonly now: () => number;
}

export type TournamentService = ReturnType<typeof createTournamentService>;

export function createTournamentService({ store, games, director, now }: TournamentServiceOptions) {
  const title = (gameType: string) => games[gameType]?.title ?? gameType;

  const line = (t: Tournament): TournamentLine => ({
    id: t.id,
    name: t.name,
    creator: t.creator,
    gameType: t.gameType,
    title: title(t.gameType),
    format: t.format,
    rounds: t.rounds,
    maxPlayers: t.maxPlayers,
    players: t.entrants.length,
    timeControl: formatTimeControl(t.timeControl),
    rated: t.rated,
    startsAt: t.startsAt,
    roundDays: t.roundDays,
    state: t.state,
    roundsPaired: t.roundsPaired,
  });

  const view = (t: TournamentDetail): TournamentView => {
    const table = standings(t.entrants, t.games, t.format);
    return {
      ...line(t),
      options: t.options,
      entrants: t.entrants,
      startedAt: t.startedAt,
      finishedAt: t.finishedAt,
      paired: t.paired,
      boards: t.games,
      standings: table,
      crosstable: crosstable(
        table.map((s) => s.player),
        t.games,
      ),
    };
  };

  const show = async (id: number): Promise<Answer<TournamentView>> => {
    const t = await store.tournament(id);
    return t ? ok(view(t)) : refuse('not-found', `there is no tournament ${id}`);
  };

  /** The terms checked, each fault named in a sentence. */
  const terms = (body: CreateTournamentBody, at: number) => {
    const game = Object.hasOwn(games, body.gameType) ? games[body.gameType] : undefined;
    if (!game) return refuse('not-found', `there is no game called ${body.gameType}`);
    const options = game.parseOptions(body.options ?? {});
    if (!options.ok) return refuse('bad-request', options.error);
    if (game.seatCount(options.value) !== 2)
      return refuse('bad-request', `${game.title} is not a game for two, so it has no tournaments`);
    const control = parseTimeControl(body.timeControl ?? '3d');
    if (!control.ok) return refuse('bad-request', control.error);
    const startsAt = body.startsAt ?? null;
    if (startsAt !== null && (startsAt <= at || startsAt > at + MAX_START_DAYS * DAY_MS))
      return refuse('bad-request', `a start date is in the next ${MAX_START_DAYS} days`);
    if (body.format === 'swiss' && body.rounds !== undefined && body.rounds >= body.maxPlayers)
      return refuse(
        'bad-request',
        'a Swiss needs more players than rounds, so that nobody meets anyone twice',
      );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
    if (/[\u0000-\u001f\u007f]/.test(body.name ?? ''))
      return refuse('bad-request', "a tournament's name is one line of text");
    const name =
      (body.name ?? '').trim() || `${game.title} ${body.format === 'swiss' ? 'Swiss' : 'round robin'}`;
    return ok({
      name,
      gameType: game.id,
      options: options.value,
      timeControl: control.value,
      rated: body.rated ?? true,
      format: body.format,
      rounds:
        body.format === 'swiss'
          ? (body.rounds ?? Math.min(MAX_SWISS_ROUNDS, Math.max(1, Math.ceil(Math.log2(body.maxPlayers)))))
          : roundRobinRounds(body.maxPlayers),
      maxPlayers: body.maxPlayers,
      startsAt,
      roundDays: body.format === 'swiss' ? (body.roundDays ?? null) : null,
    });
  };

  const joined = async (
    id: number,
    answer: string,
    action: 'join' | 'leave',
  ): Promise<Answer<TournamentView>> => {
    if (answer === 'not-found') return refuse('not-found', `there is no tournament ${id}`);
    if (answer === 'not-open') return refuse('conflict', `tournament ${id} has started; entries are closed`);
    if (answer === 'full') return refuse('conflict', `tournament ${id} is full`);
    if (answer === 'already') return refuse('conflict', `you have entered tournament ${id} already`);
    if (answer === 'not-entered') return refuse('conflict', `you have not entered tournament ${id}`);
    // Full now: it starts at once (the sweep would start it too, a little later).
    if (action === 'join') await director.lookAt(id).catch(() => {});
    return show(id);
  };

  return {
    show,

    async list(filter: { state?: TournamentState; user?: string }): Promise<Answer<TournamentLine[]>> {
      return ok((await store.tournaments({ ...filter, limit: 100 })).map(line));
    },

    async create(user: string, body: CreateTournamentBody): Promise<Answer<TournamentView>> {
      const at = now();
      const checked = terms(body, at);
      if (!checked.ok) return checked;
      const mine = await store.tournaments({ state: 'open', creator: user, limit: MAX_OPEN_TOURNAMENTS });
      if (mine.length >= MAX_OPEN_TOURNAMENTS)
        return refuse(
          'rate-limited',
          `you have ${MAX_OPEN_TOURNAMENTS} tournaments that have not started yet; wait until one starts`,
        );
      const created = await store.createTournament({ ...checked.value, creator: user, at });
      return show(created.id);
    },

    async join(user: string, id: number) {
      return joined(id, await store.joinTournament(id, user, now()), 'join');
    },

    async leave(user: string, id: number) {
      return joined(id, await store.leaveTournament(id, user), 'leave');
    },
  };
}
