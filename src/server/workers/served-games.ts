/**
 * Worker threads cannot be sent a game's functions, so they import the games themselves: a task
 * names the module whose `GAMES` export the server serves (the registry, or a test's own list),
 * and each thread imports it once.
 */
import { type AnyGame, GAMES, GAMES_MODULE } from '../../games/index.ts';

export type Games = Readonly<Record<string, AnyGame>>;

/** The games a server serves, and the module worker threads import to find the same games. */
export interface ServedGames {
  readonly games: Games;
  readonly module: string;
}

const imported = new Map<string, Promise<Games>>();

/** The `GAMES` export of a module (imported once per thread). */
export function importGames(module: string): Promise<Games> {
  let games = imported.get(module);
  if (!games) {
    games = import(module).then((loaded: { GAMES?: Games }) => {
      if (typeof loaded.GAMES !== 'object' || loaded.GAMES === null) {
        throw new Error(`${module} does not export GAMES`);
      }
      return loaded.GAMES;
    });
    imported.set(module, games);
  }
  return games;
}

/** The game of that id in a module's GAMES; a thread only ever gets ids the server serves. */
export async function importGame(module: string, id: string): Promise<AnyGame> {
  const games = await importGames(module);
  const game = Object.hasOwn(games, id) ? games[id] : undefined;
  if (!game) throw new Error(`${module} has no game ${id}`);
  return game;
}

/**
 * The games to serve: every game Tessera hosts by default, or those of `module` (a URL or path
 * of a module exporting them as GAMES). `games`, if also given, must be that very table, so the
 * worker threads and the server never disagree about a game.
 */
export async function servedGames(games?: Games, module?: string | URL): Promise<ServedGames> {
  if (module === undefined) {
    if (games !== undefined && games !== GAMES) {
      throw new Error('a server given its own games needs gamesModule, the module exporting them as GAMES');
    }
    return { games: GAMES, module: GAMES_MODULE };
  }
  const href = String(module);
  const loaded = await importGames(href);
  if (games !== undefined) {
    const same = Object.keys(games).every((id) => Object.hasOwn(loaded, id) && loaded[id] === games[id]);
    if (!same || Object.keys(loaded).length !== Object.keys(games).length) {
      throw new Error(`the games given differ from the GAMES that ${href} exports`);
    }
  }
  return { games: loaded, module: href };
}
