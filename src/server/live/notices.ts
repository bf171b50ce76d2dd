/**
 * Notices: what concerns a logged-in user, pushed to each of their sockets that subscribed to
 * notices the moment it is committed: a challenge to them, their move, the end of one of their
 * games, any other change to one of their games (so every open lobby stays current), and a chat
 * line someone else wrote on one of their boards; and, from the correspondence clocks, that their
 * time is running out. Changes committed by this process arrive as
 * its events; those of other processes arrive as the store's signals (PostgreSQL LISTEN/NOTIFY,
 * the same ones the live hub reads) and are read back from the store, only for games with a
 * player connected here.
 */
import type { ChatLine, GameSummary, NoticeKind, ServerFrame } from '../../api/index.ts';
import { formatTimeControl, type GameEvent, type GameRecord, type TimeControl } from '../../engine/index.ts';
import type { ChatRow, RemoteSignal, Store } from '../../store/index.ts';
import type { Connection } from './hub.ts';
import { type ResyncTiming, resyncSpreader } from './resync.ts';

/** Games whose players and last version told are remembered, per process. */
const REMEMBERED_GAMES = 10_000;
/** Chat lines of one board read back per signal from another process. */
const CHAT_PAGE = 20;
const RESUBSCRIBED: ServerFrame = { type: 'subscribed', notices: true };

/**
 * What a change to a game means to each of its players. `created`: the change made the game (a
 * challenge). Every player hears of every change: the one it awaits, the challenged, everyone at
 * the end; the others get an `update` so that their lists stay current.
 */
export function noticesOf(record: GameRecord, created: boolean): [user: string, notice: NoticeKind][] {
  return record.players.map((user): [string, NoticeKind] => {
    if (record.status !== 'active') return [user, 'game-over'];
    // No challenger: an open challenge taken, news to both players.
    if (created && record.challenger === null) return [user, 'paired'];
    if (created && user !== record.challenger) return [user, 'challenge'];
    return [user, record.toMove === user ? 'your-move' : 'update'];
  });
}

/** A chat line is news to the board's players but its writer. */
export const chatReaders = (record: GameRecord, row: ChatRow): string[] =>
  record.players.filter((user) => user !== row.user);

/** A bounded map forgetting the entries set longest ago. */
function remembered<K, V>(limit: number) {
  const map = new Map<K, V>();
  return {
    get: (key: K) => map.get(key),
    has: (key: K) => map.has(key),
    set(key: K, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > limit) map.delete(map.keys().next().value as K);
    },
  };
}

/** Tasks per game run one after another, so a game's notices go out in order. */
function gameTurns() {
  const turns = new Map<number, Promise<void>>();
  /** Run `task` for a game after every earlier one for it. */
  const inTurn = (gameId: number, task: () => Promise<void>): void => {
    const next = (turns.get(gameId) ?? Promise.resolve()).then(task).catch(() => undefined);
    turns.set(gameId, next);
    void next.then(() => {
      if (turns.get(gameId) === next) turns.delete(gameId);
    });
  };
  /** Run `task` at once unless earlier tasks for the game are still running (no work on the move path). */
  const inTurnIfBusy = (gameId: number, task: () => void): void => {
    if (turns.has(gameId)) inTurn(gameId, async () => task());
    else task();
  };
  return { inTurn, inTurnIfBusy };
}

export function createNotices(
  store: Store,
  summary: (record: GameRecord) => GameSummary,
  timing: ResyncTiming = {},
) {
  const resync = resyncSpreader(timing);
  const byUser = new Map<string, Set<Connection>>();
  /** Each connection's subscribed user. */
  const byConn = new Map<Connection, string>();
  const playersOf = remembered<number, readonly string[]>(REMEMBERED_GAMES);
  /** The version of each game last told, so a change is told once and never an older one after. */
  const toldVersion = remembered<number, number>(REMEMBERED_GAMES);
  const toldChat = remembered<number, number>(REMEMBERED_GAMES);
  const { inTurn, inTurnIfBusy } = gameTurns();

  const anyoneHere = (players: readonly string[]) => players.some((user) => byUser.has(user));

  const send = (user: string, frame: ServerFrame) => {
    for (const conn of byUser.get(user) ?? []) {
      // A socket that logged in again as someone else no longer hears this user's notices.
      if (conn.user() === user) conn.send(frame);
    }
  };

  const tellGame = (record: GameRecord, created: boolean, control: TimeControl | null = null) => {
    playersOf.set(record.id, record.players);
    const told = toldVersion.get(record.id);
    if (told !== undefined && told >= record.version) return;
    toldVersion.set(record.id, record.version);
    if (!anyoneHere(record.players)) return;
    // A new challenge's notice carries its time control: the list shows its terms from it.
    const game = control
      ? { ...summary(record), timeLimit: { control: formatTimeControl(control), deadline: null } }
      : summary(record);
    for (const [user, notice] of noticesOf(record, created)) send(user, { type: 'notice', notice, game });
  };

  const tellChat = (record: GameRecord, rows: readonly ChatRow[]) => {
    playersOf.set(record.id, record.players);
    const told = toldChat.get(record.id) ?? 0;
    const fresh = rows.filter((row) => row.id > told);
    const last = fresh.at(-1);
    if (!last) return;
    toldChat.set(record.id, last.id);
    if (!anyoneHere(record.players)) return;
    const game = summary(record);
    for (const row of fresh) {
      const chat: ChatLine = { id: row.id, gameId: row.gameId, user: row.user, text: row.text, at: row.at };
      for (const user of chatReaders(record, row)) send(user, { type: 'notice', notice: 'chat', game, chat });
    }
  };

  /** Another process's change to a game or its chat, read back only for games with a player here. */
  const readBack = (signal: RemoteSignal): void => {
    if (signal.kind !== 'game' && signal.kind !== 'chat') return;
    if (byUser.size === 0) return;
    const { gameId } = signal;
    const players = playersOf.get(gameId);
    if (players && !anyoneHere(players)) return;
    inTurn(gameId, async () => {
      const record = await store.loadGame(gameId);
      if (!record) return;
      if (signal.kind === 'chat') {
        // Lines already told are skipped; on a board never seen here, only the latest is news.
        const rows = await store.chat(gameId, toldChat.has(gameId) ? CHAT_PAGE : 1);
        return tellChat(record, rows);
      }
      // A game first heard of with no move played was just made by a challenge.
      const created = !toldVersion.has(gameId) && record.moveCount === 0 && record.status === 'active';
      tellGame(record, created, created ? await store.timeControl(gameId) : null);
    });
  };

  return {
    /** A challenge made through this process created `record`, with its time control. */
    created(record: GameRecord, control: TimeControl | null = null): void {
      if (byUser.size === 0) return; // nobody listens here: no work on the move path
      inTurnIfBusy(record.id, () => tellGame(record, true, control));
    },

    /** A change committed by this process. */
    changed(event: GameEvent): void {
      if (byUser.size === 0) return;
      inTurnIfBusy(event.game.id, () => tellGame(event.game, false));
    },

    /** A chat line written through this process. */
    chat(row: ChatRow): void {
      if (byUser.size === 0) return;
      const players = playersOf.get(row.gameId);
      if (players && !anyoneHere(players)) {
        toldChat.set(row.gameId, Math.max(row.id, toldChat.get(row.gameId) ?? 0));
        return;
      }
      inTurn(row.gameId, async () => {
        const record = await store.loadGame(row.gameId);
        if (record) tellChat(record, [row]);
      });
    },

    /**
     * A correspondence clock's reminder was written for the player to move in `record`: their
     * sockets here hear that their time is running out.
     */
    remind(record: GameRecord): void {
      if (record.status !== 'active' || record.toMove === null) return;
      send(record.toMove, { type: 'notice', notice: 'time-running-out', game: summary(record) });
    },

    /** A change another process committed: read back only for games with a player here. */
    remote(signal: RemoteSignal): void {
      if (signal.kind === 'resync') {
        // Signals were lost: each subscriber is answered again, as after subscribing, so that it
        // fetches its list anew (account by account, spread over time: ./resync.ts).
        resync([...byUser.keys()], (user) => send(user, RESUBSCRIBED));
        return;
      }
      readBack(signal);
    },

    /** Send `conn`, logged in as `user`, this user's notices from now on. */
    subscribe(conn: Connection, user: string): void {
      this.unsubscribe(conn);
      byConn.set(conn, user);
      const conns = byUser.get(user) ?? new Set<Connection>();
      conns.add(conn);
      byUser.set(user, conns);
    },

    unsubscribe(conn: Connection): void {
      const user = byConn.get(conn);
      if (user === undefined) return;
      byConn.delete(conn);
      const conns = byUser.get(user);
      conns?.delete(conn);
      if (conns?.size === 0) byUser.delete(user);
    },

    /** A frame for every socket subscribed to notices here (the open challenges' changes). */
    everyone(frame: ServerFrame): void {
      for (const [conn, user] of byConn) if (conn.user() === user) conn.send(frame);
    },

    /** Users with a socket subscribed here, for tests. */
    size: (): number => byUser.size,
  };
}

export type Notices = ReturnType<typeof createNotices>;
