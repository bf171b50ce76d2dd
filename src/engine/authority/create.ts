/**
 * A new game: its options read and its seats checked by the game's rules, its first state set up,
 * then committed alone (`create`) or handed back for a caller that commits several games in one
 * transaction of its own (`prepare`: a tournament's round).
 */

import type { GameRecord, NewGame } from '../port/index.ts';
import { type Answer, ok, refuse } from '../port/index.ts';
import type { Referee } from './referee.ts';
import type { CreateRequest } from './requests.ts';

export async function prepare(r: Referee, request: CreateRequest): Promise<Answer<NewGame>> {
  const game = r.games[request.gameType];
  if (!game) return refuse('not-found', `there is no game called ${request.gameType}`);
  const options = game.parseOptions(request.options);
  if (!options.ok) return refuse('bad-request', options.error);
  const seats = game.seatCount(options.value);
  if (request.players.length !== seats) {
    return refuse('bad-request', `${game.title} needs ${seats} player${seats === 1 ? '' : 's'}`);
  }
  if (new Set(request.players).size !== request.players.length) {
    return refuse('bad-request', 'a player cannot take two seats in one game');
  }
  const setUp = await r.firstState(game, options.value, request.seed, request.challenger ?? null);
  // The only refusal of a setup: too many already waiting for their turn.
  if (!setUp.ok) return refuse('rate-limited', setUp.error);
  const state = setUp.value;
  const first = game.toMove(state);
  return ok({
    gameType: game.id,
    options: options.value,
    seed: request.seed,
    players: request.players,
    challenger: request.challenger ?? null,
    state,
    toMove: first === undefined ? null : (request.players[first] ?? null),
    rated: request.rated ?? true,
    compact: request.compact ?? false,
    at: r.now(),
    ...(request.timeControl ? { timeControl: request.timeControl } : {}),
    ...(request.guard ? { guard: request.guard } : {}),
    ...(request.takes !== undefined ? { takes: request.takes } : {}),
  });
}

export async function create(r: Referee, request: CreateRequest): Promise<Answer<GameRecord>> {
  const prepared = await prepare(r, request);
  if (!prepared.ok) return prepared;
  const created = await r.port.createGame(prepared.value);
  if (!('refused' in created)) return ok(created);
  return refuse(created.gone ? 'conflict' : 'rate-limited', created.refused);
}
