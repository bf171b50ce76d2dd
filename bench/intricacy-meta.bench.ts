/**
 * The Intricacy metagame's cost as the community grows: a world of P players, each with three
 * locks placed and solutions declared on five others' locks, built action by action through the
 * pure rules (as the server replays its log at start-up); then the time of one more declaration
 * and of one player's whole view (what GET /api/intricacy/world computes), first and then for the
 * other players after the same change.
 */
import { readFileSync } from 'node:fs';
import {
  alreadyVerified,
  declareSolution,
  emptyWorld,
  parseLockText,
  parseMoveList,
  placeLock,
  register,
  type World,
  worldView,
} from '../src/games/intricacy/index.ts';
import { createRng } from '../src/grid/rng.ts';
import { report } from './report.ts';

const BENCH = 'intricacy-meta';
const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const lock = must(
  parseLockText(readFileSync(new URL('../locks/tutorial/05-hook.lock', import.meta.url), 'utf8')),
);
const solution = must(parseMoveList('hE hE hNE hNE hNE h+ hW'));

const codename = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}9`;

function build(players: number): { world: World; actions: number; ms: number } {
  const rng = createRng(players);
  let world = emptyWorld();
  let actions = 0;
  const start = performance.now();
  for (let p = 0; p < players; p++) {
    world = must(register(world, codename(p)));
    for (let slot = 0; slot < 3; slot++) {
      world = must(placeLock(world, codename(p), slot, lock, solution, alreadyVerified));
    }
    actions += 4;
  }
  for (let p = 0; p < players; p++) {
    const behind = 3 * p + rng.nextInt(3);
    for (let k = 0; k < 5; k++) {
      const on = rng.nextInt(world.locks.length);
      const next = declareSolution(world, codename(p), on, behind, solution, alreadyVerified);
      if (next.ok) {
        world = next.value;
        actions++;
      }
    }
  }
  return { world, actions, ms: performance.now() - start };
}

for (const players of [50, 200, 500]) {
  const { world, actions, ms } = build(players);
  report(BENCH, `replay ${actions} actions, ${players} players`, Math.round(ms), 'ms');
  const viewer = codename(0);
  const on = world.locks.findIndex(
    (l) => l.owner !== viewer && !world.notes.some((n) => n.author === viewer && n.on === l.id),
  );
  let t = performance.now();
  must(declareSolution(world, viewer, on, 0, solution, alreadyVerified));
  report(BENCH, `one declaration, ${players} players`, +(performance.now() - t).toFixed(2), 'ms');
  t = performance.now();
  const view = worldView(world, viewer);
  report(BENCH, `one player's world view, ${players} players`, +(performance.now() - t).toFixed(2), 'ms');
  // Every other player's page after the same change: what all viewers share is built once.
  t = performance.now();
  for (let p = 1; p <= 10; p++) worldView(world, codename(p));
  report(
    BENCH,
    `another player's world view, ${players} players`,
    +((performance.now() - t) / 10).toFixed(2),
    'ms',
  );
  report(BENCH, `world view JSON, ${players} players`, Math.round(JSON.stringify(view).length / 1024), 'KiB');
}
