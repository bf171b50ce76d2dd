/**
 * The tournament director: starts a tournament when it is full or its date comes, pairs a Swiss's
 * next round when the last game of a round ends, forfeits the games still unfinished at a round's
 * deadline (the player to move loses on time, as the clocks would have it), and finishes it with
 * its standings. It keeps no state of its own: every look reads the tournament from the store and
 * every pairing is one guarded transaction (../../store/sql/tournaments.ts), so a process killed
 * at a round change, or two processes looking at once, never pair a round twice nor lose one. A
 * sweep on an injected clock catches what a killed process left undone.
 */
import { randomInt } from 'node:crypto';
import type { Authority, GameRecord, NewGame } from '../../engine/index.ts';
import type { NewMail, Store, TournamentDetail } from '../../store/index.ts';
import { type Board, roundRobin, roundRobinRounds, swissRound } from './pairing.ts';

const DAY_MS = 86_400_000;

/** The mails a director sends (./mails.ts): each player's new games, and the final standings. */
export interface TournamentMails {
  paired(t: TournamentDetail, boards: readonly Board[], at: number): Promise<NewMail[]>;
  ended(t: TournamentDetail, at: number): Promise<NewMail[]>;
}

export interface DirectorOptions {
  readonly store: Store;
  readonly authority: Authority;
  readonly now: () => number;
  /** How often to sweep for tournaments to start, pair or finish (default 30 s). */
  readonly everyMs?: number;
  readonly mails?: TournamentMails;
  /** A round's games were created (to tell the players' open clients). */
  readonly onCreate?: (record: GameRecord) => void;
  readonly onError?: (error: unknown) => void;
}

export interface Director {
  /** Do whatever is due in one tournament now. */
  lookAt(id: number): Promise<void>;
  /** Look at every tournament with something due. */
  tick(): Promise<void>;
  /** A game ended: if it was a tournament's, its round may be over. */
  gameEnded(record: GameRecord): void;
  start(): void;
  stop(): Promise<void>;
}

export function createDirector(options: DirectorOptions): Director {
  const { store, authority, now } = options;
  const everyMs = options.everyMs ?? 30_000;
  const onError = options.onError ?? (() => {});
  /** Looks at one tournament run one after another in this process. */
  const queues = new Map<number, Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = true;
  let sweeping: Promise<void> = Promise.resolve();

  const pair = async (t: TournamentDetail, boards: readonly Board[], start?: { rounds: number }) => {
    const games: NewGame[] = [];
    const at = now();
    for (const b of boards) {
      if (b.second === null) continue;
      const prepared = await authority.prepare({
        gameType: t.gameType,
        players: [b.first, b.second],
        options: t.options,
        seed: randomInt(2 ** 31),
        rated: t.rated,
        timeControl: t.timeControl,
      });
      if (!prepared.ok) throw new Error(`tournament ${t.id}: ${prepared.error}`);
      // Entered beforehand: a player who gives up before moving loses it (no void 0–0).
      games.push({ ...prepared.value, binding: true });
    }
    const round = t.roundsPaired + 1;
    const ids = await store.pairRound({
      tournamentId: t.id,
      round,
      boards,
      games,
      deadline: t.format === 'swiss' && t.roundDays !== null ? at + t.roundDays * DAY_MS : null,
      ...(start ? { start } : {}),
      mails: (await options.mails?.paired(t, boards, at)) ?? [],
      at,
    });
    if (!ids) return;
    for (const id of ids) {
      const record = await store.loadGame(id);
      if (record) options.onCreate?.(record);
    }
  };

  const startIfDue = async (t: TournamentDetail, at: number) => {
    const full = t.entrants.length >= t.maxPlayers;
    if (!(t.startsAt === null ? full : full || t.startsAt <= at)) return;
    if (t.entrants.length < 2) {
      await store.endTournament(t.id, 'cancelled', (await options.mails?.ended(t, at)) ?? [], at);
      return;
    }
    if (t.format === 'round-robin') {
      await pair(t, roundRobin(t.entrants), { rounds: roundRobinRounds(t.entrants.length) });
    } else {
      const rounds = Math.min(t.rounds, t.entrants.length - 1);
      await pair(t, swissRound(t.entrants, [], 1), { rounds });
    }
  };

  /** The player to move in each game still going at the round's deadline loses on time. */
  const forfeit = async (t: TournamentDetail) => {
    for (const b of t.games) {
      if (b.round !== t.roundsPaired || b.status !== 'active' || b.gameId === null) continue;
      const record = await store.loadGame(b.gameId);
      if (record?.status !== 'active') continue;
      // A refusal means the game changed meanwhile (a move, an end): the next look sees it.
      await authority.loseOnTime({ gameId: record.id, version: record.version });
    }
  };

  const look = async (id: number) => {
    let t = await store.tournament(id);
    if (!t) return;
    const at = now();
    if (t.state === 'open') return startIfDue(t, at);
    if (t.state !== 'running') return;
    const deadline = t.paired.find((r) => r.round === t?.roundsPaired)?.deadline ?? null;
    if (deadline !== null && deadline <= at && t.games.some((b) => b.status === 'active')) {
      await forfeit(t);
      t = await store.tournament(id);
      if (!t) return;
    }
    if (t.games.some((b) => b.status === 'active')) return;
    if (t.roundsPaired >= t.rounds) {
      await store.endTournament(t.id, 'finished', (await options.mails?.ended(t, at)) ?? [], at);
      return;
    }
    await pair(t, swissRound(t.entrants, t.games, t.roundsPaired + 1));
  };

  const lookAt = (id: number): Promise<void> => {
    const next = (queues.get(id) ?? Promise.resolve()).then(() => look(id));
    const settled = next.catch(onError);
    queues.set(id, settled);
    void settled.then(() => {
      if (queues.get(id) === settled) queues.delete(id);
    });
    return next;
  };

  const tick = async () => {
    for (const id of await store.tournamentsToLookAt(now())) await lookAt(id).catch(() => {});
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      sweeping = tick().catch(onError).finally(schedule);
    }, everyMs);
    timer.unref?.();
  };

  return {
    lookAt,
    tick,
    gameEnded(record) {
      void store
        .tournamentOfGame(record.id)
        .then((id) => (id === undefined ? undefined : lookAt(id)))
        .catch(onError);
    },
    start() {
      if (!stopped) return;
      stopped = false;
      // At once: a restarted process finishes what a killed one left.
      sweeping = tick().catch(onError).finally(schedule);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await sweeping;
      await Promise.allSettled([...queues.values()]);
    },
  };
}
