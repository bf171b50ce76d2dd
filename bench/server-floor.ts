/**
 * The floor for bench/server.bench.ts: the least a server can do for a move and still be honest
 * about it. It speaks Tessera's WebSocket framing (the same `ws` library, MessagePack frames, the
 * same clients) and keeps its moves in the same database with the same durability: SQLite in WAL
 * mode with every commit synced before it is acknowledged (Tessera's own group commit,
 * ./src/store/db/sqlite.ts), or PostgreSQL with commits grouped exactly as Tessera groups a move's
 * (the same batcher, in flight and batch sizes, one statement and one commit per batch). Per move
 * frame: parse it, insert the move, then acknowledge it and send it to the game's other
 * subscribers. No rules, no sessions (a token is not checked), no ratings, no views.
 *
 *   node bench/server-floor.ts --data DIR        (DATABASE_URL=postgres://… and TESSERA_PG_SCHEMA
 *                                                 select PostgreSQL; TESSERA_STATS=on as Tessera)
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Packr } from 'msgpackr';
import { WebSocket, WebSocketServer } from 'ws';
import { statsOnSignal } from '../src/server/process-stats.ts';
import { batcher } from '../src/store/db/batcher.ts';
import type { Db } from '../src/store/db/db.ts';
import { isPostgresUrl, openPostgres } from '../src/store/db/postgres.ts';
import { openSqlite } from '../src/store/db/sqlite.ts';

/** As Tessera's PostgreSQL move commits (src/store/game-store/). */
const COMMITS_IN_FLIGHT = 4;
const COMMIT_BATCH = 64;

const packr = new Packr({ useRecords: false, mapsAsObjects: true });
const dataDir = process.argv[process.argv.indexOf('--data') + 1] ?? '.';
const url = process.env.DATABASE_URL;

const db: Db = isPostgresUrl(url)
  ? await openPostgres({
      url,
      ...(process.env.TESSERA_PG_SCHEMA ? { schema: process.env.TESSERA_PG_SCHEMA } : {}),
    })
  : openSqlite(join(dataDir, 'floor.db'), 'full');
await db.run(`CREATE TABLE IF NOT EXISTS floor_moves (game_id integer NOT NULL, move_no integer NOT NULL,
  text text NOT NULL, at bigint NOT NULL, PRIMARY KEY (game_id, move_no))`);
await db.openAll?.();

type MoveRow = readonly [gameId: number, moveNo: number, text: string, at: number];
/** Whether each move was new (false: that game already had that move number). */
const record: (move: MoveRow) => Promise<boolean> =
  db.dialect === 'postgres'
    ? batcher<MoveRow, boolean>(
        async (rows) => {
          // One statement, so one commit, for the batch; the rows it answers went in.
          const inserted = await db.all<{ game_id: number; move_no: number }>(
            `INSERT INTO floor_moves (game_id, move_no, text, at)
             SELECT (v->>0)::integer, (v->>1)::integer, v->>2, (v->>3)::bigint FROM json_array_elements(?::json) AS v
             ON CONFLICT DO NOTHING RETURNING game_id, move_no`,
            [JSON.stringify(rows)],
          );
          const taken = new Set(inserted.map((r) => `${r.game_id}/${r.move_no}`));
          return rows.map(([gameId, moveNo]) => ({
            status: 'fulfilled',
            value: taken.has(`${gameId}/${moveNo}`),
          }));
        },
        { inFlight: COMMITS_IN_FLIGHT, maxBatch: COMMIT_BATCH },
      )
    : (row) =>
        db.tx(
          async (q) =>
            (await q.run(
              'INSERT OR IGNORE INTO floor_moves (game_id, move_no, text, at) VALUES (?, ?, ?, ?)',
              [...row],
            )) === 1,
        );

/** Each game's subscribed sockets. */
const games = new Map<number, Set<WebSocket>>();
const send = (socket: WebSocket, frame: object) => {
  if (socket.readyState === WebSocket.OPEN) socket.send(packr.pack(frame));
};

const http = createServer((_, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: 16 * 1024 });
wss.on('connection', (socket) => {
  const mine = new Set<number>();
  socket.on('close', () => {
    for (const id of mine) games.get(id)?.delete(socket);
  });
  socket.on('message', (data, isBinary) => {
    let frame: { type?: unknown; gameId?: unknown; moveNo?: unknown; move?: unknown };
    try {
      frame = isBinary ? packr.unpack(data as Buffer) : JSON.parse(String(data));
    } catch {
      return send(socket, { type: 'error', error: 'not a frame' });
    }
    const { type, gameId, moveNo, move } = frame;
    if (typeof gameId !== 'number') return send(socket, { type: 'error', error: 'no game' });
    if (type === 'subscribe') {
      const subs = games.get(gameId) ?? new Set();
      games.set(gameId, subs.add(socket));
      mine.add(gameId);
      return send(socket, { type: 'state', gameId });
    }
    if (type !== 'move' || typeof moveNo !== 'number' || typeof move !== 'string')
      return send(socket, { type: 'error', gameId, error: 'not a move' });
    record([gameId, moveNo, move, Date.now()]).then(
      (taken) => {
        if (!taken) return send(socket, { type: 'error', gameId, error: 'move already played' });
        send(socket, { type: 'ack', gameId, moveNo, move });
        const note = { type: 'move', gameId, moveNo, move };
        for (const other of games.get(gameId) ?? []) if (other !== socket) send(other, note);
      },
      () => send(socket, { type: 'error', gameId, error: 'not stored' }),
    );
  });
});
statsOnSignal(process.env);
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`listening on http://localhost:${port}\n`);
});
process.on('SIGTERM', () => {
  wss.close();
  http.close();
  void db.close().finally(() => process.exit(0));
});
