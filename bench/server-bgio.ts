/**
 * The comparison server for bench/server.bench.ts: boardgame.io 0.50's default server (Koa,
 * socket.io, in-memory storage) hosting Claim, a simple two-player game of the same shape as a
 * Warp and Weft move: claim one of `CELLS` free cells, turn passes, the game ends when all are
 * claimed. Run as its own process: `node bench/server-bgio.ts PORT`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server') as {
  Server: (options: { games: unknown[] }) => {
    run: (port: number, callback?: () => void) => Promise<unknown>;
  };
};
const { INVALID_MOVE } = require('boardgame.io/core') as { INVALID_MOVE: string };

export const CELLS = 150;

interface ClaimState {
  cells: (string | null)[];
}

export const Claim = {
  name: 'claim',
  setup: (): ClaimState => ({ cells: Array<string | null>(CELLS).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    claim: ({ G, playerID }: { G: ClaimState; playerID: string }, cell: number) => {
      if (!Number.isInteger(cell) || cell < 0 || cell >= CELLS || G.cells[cell] !== null) return INVALID_MOVE;
      G.cells[cell] = playerID;
      return undefined;
    },
  },
  endIf: ({ G }: { G: ClaimState }) => (G.cells.every((c) => c !== null) ? { draw: true } : undefined),
};

if (process.argv[2]) {
  const port = Number(process.argv[2]);
  const server = Server({ games: [Claim] });
  await server.run(port, () => process.stdout.write(`listening on http://localhost:${port}\n`));
}
