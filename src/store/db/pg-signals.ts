import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RemoteSignal, Signals } from '../ports/index.ts';
import type { Db } from './db.ts';
import { type PgConfig, pgClientConfig } from './postgres.ts';

/**
 * NOTIFY after each commit, batched: PostgreSQL serialises the commits of transactions that
 * notify, so notifying inside every move's transaction would cap the whole cluster at one commit
 * (one fsync) at a time. Instead the signals committed in one turn of the event loop go out
 * together in one small NOTIFY of their own. LISTEN runs on a connection of its own,
 * reconnecting if it drops.
 */
/** A signal's kind travels as its index here (0 game, 1 chat, 2 intricacy, 3 seek, 4 sessions). */
const SIGNAL_CODES: readonly RemoteSignal['kind'][] = ['game', 'chat', 'intricacy', 'seek', 'sessions'];
/** A payload must stay under PostgreSQL's 8000 bytes. */
const PAYLOAD_BYTES = 7000;
/** A move whose text is longer travels without it (it is read from the log instead). */
const SIGNAL_MOVE_TEXT = 200;

/** A signal as one JSON array: [kind, game], then for one move [version, moveNo, seat, text, auto, at],
 * or for ended sessions [tokenHash] or [null, user, except]. */
function encodeSignal(signal: RemoteSignal): unknown[] {
  const head = [SIGNAL_CODES.indexOf(signal.kind), signal.gameId];
  const ended = signal.ended;
  if (ended)
    return [...head, ...('tokenHash' in ended ? [ended.tokenHash] : [null, ended.user, ended.except])];
  const move = signal.move;
  if (!move || Buffer.byteLength(move.record.text) > SIGNAL_MOVE_TEXT) return head;
  const { moveNo, seat, text, auto, at } = move.record;
  return [...head, move.version, moveNo, seat, text, auto ? 1 : 0, at];
}

/** The signal in one entry of a payload, or undefined when it is not one. */
function decodeSignal(entry: unknown): RemoteSignal | undefined {
  if (!Array.isArray(entry) || typeof entry[1] !== 'number') return undefined;
  const signal = { kind: SIGNAL_CODES[entry[0]] ?? 'game', gameId: entry[1] } satisfies RemoteSignal;
  if (signal.kind === 'sessions') return endedSessions(signal, entry);
  const [, , version, moveNo, seat, text, auto, at] = entry;
  if (
    typeof version !== 'number' ||
    typeof moveNo !== 'number' ||
    typeof seat !== 'number' ||
    typeof text !== 'string' ||
    typeof at !== 'number'
  )
    return signal;
  return { ...signal, move: { version, record: { moveNo, seat, text, auto: auto === 1, at } } };
}

/** A `sessions` signal as decoded, or undefined when its entry names no sessions. */
function endedSessions(signal: RemoteSignal, entry: unknown[]): RemoteSignal | undefined {
  const [, , tokenHash, user, except] = entry;
  if (typeof tokenHash === 'string') return { ...signal, ended: { tokenHash } };
  if (typeof user !== 'string') return undefined;
  return { ...signal, ended: typeof except === 'string' ? { user, except } : { user } };
}

/** What a pending signal replaces: a later one of the same game (or of the same sessions). */
const pendingKey = (signal: RemoteSignal) =>
  signal.ended ? `sessions/${JSON.stringify(signal.ended)}` : `${signal.kind}/${signal.gameId}`;

export function pgSignals(config: PgConfig, db: Db): Signals {
  const channel = `tessera_${config.schema ?? 'public'}`;
  const origin = randomUUID();
  const ownPrefix = `{"o":"${origin}"`;
  const listeners: pg.Client[] = [];
  let pending = new Map<string, RemoteSignal>();
  let flushing: Promise<void> = Promise.resolve();
  const payload = (entries: readonly string[]) => `${ownPrefix},"s":[${entries.join(',')}]}`;
  const flush = async () => {
    const entries = [...pending.values()].map((signal) => JSON.stringify(encodeSignal(signal)));
    pending = new Map();
    const send = (s: string[]) =>
      db.all('SELECT pg_notify(?, ?)', [channel, payload(s)]).catch(() => undefined);
    let part: string[] = [];
    let bytes = 0;
    for (const entry of entries) {
      const size = Buffer.byteLength(entry) + 1;
      if (part.length > 0 && bytes + size > PAYLOAD_BYTES) {
        await send(part);
        part = [];
        bytes = 0;
      }
      part.push(entry);
      bytes += size;
    }
    if (part.length > 0) await send(part);
  };
  return {
    committed(signal) {
      if (pending.size === 0) setImmediate(() => (flushing = flushing.then(flush)));
      // Two moves of one game in one turn: the later signal alone goes, and its receivers,
      // having missed the first, read the log.
      pending.set(pendingKey(signal), signal);
    },
    async within(q, signal) {
      await q.all('SELECT pg_notify(?, ?)', [channel, payload([JSON.stringify(encodeSignal(signal))])]);
    },
    async listen(onSignal, onLost) {
      let stopped = false;
      let client: pg.Client | undefined;
      const connect = async (first: boolean): Promise<void> => {
        const c = new pg.Client(pgClientConfig(config));
        c.on('notification', (message) => {
          // This process's own signals come back to it too: known by their start, left unparsed.
          if (message.payload?.startsWith(ownPrefix)) return;
          try {
            const p = JSON.parse(message.payload ?? '{}') as { o?: string; s?: unknown };
            if (p.o === origin || !Array.isArray(p.s)) return;
            for (const entry of p.s) {
              const signal = decodeSignal(entry);
              if (signal) onSignal(signal);
            }
          } catch {
            // Not ours; ignore.
          }
        });
        // If the connection drops, connect again; what was missed meanwhile is re-read.
        let retrying = false;
        const retry = () => {
          if (retrying || stopped) return;
          retrying = true;
          onLost?.();
          void c.end().catch(() => undefined);
          setTimeout(() => void connect(false), 1000);
        };
        c.on('error', retry);
        c.on('end', retry);
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
        } catch (error) {
          if (first) throw error;
          retry();
          return;
        }
        client = c;
        listeners.push(c);
        if (!first) onSignal({ kind: 'resync', gameId: 0 });
      };
      await connect(true);
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async close() {
      await flushing;
      if (pending.size > 0) await flush();
      await Promise.all(listeners.map((c) => c.end().catch(() => undefined)));
    },
  };
}
