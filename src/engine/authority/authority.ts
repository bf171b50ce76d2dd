/**
 * The one authority: the only code that makes a move true. It checks the seat and the move
 * number, asks the game's pure rules, records the change through a storage port in one commit,
 * plays queued moves that became due, and announces each committed change. The server runs it
 * on the database; a client runs the very same code on memory (../port/memory.ts) for local play.
 *
 * It has no clock and no I/O of its own: time and storage come in from the caller.
 */

import type { Answer, GameRecord, NewGame } from '../port/index.ts';
import { refuse } from '../port/index.ts';
import { type TakebackOperations, takebackOperations } from '../takeback/index.ts';
import { create, prepare } from './create.ts';
import { cancel, decline, loseOnTime, resign } from './endings.ts';
import { move } from './moves.ts';
import { clearQueue, queue } from './queue.ts';
import { activeSeat, gameOf, load, planMove, referee } from './referee.ts';
import type { AuthorityOptions, CreateRequest, MoveRequest, MoveTaken } from './requests.ts';

export interface Authority extends TakebackOperations {
  create(request: CreateRequest): Promise<Answer<GameRecord>>;
  /** A game checked and set up as `create` does, not yet stored: the caller commits it. */
  prepare(request: CreateRequest): Promise<Answer<NewGame>>;
  move(request: MoveRequest): Promise<Answer<MoveTaken>>;
  /** Append moves to the user's queue; any that are due at once are played. */
  queue(request: {
    readonly gameId: number;
    readonly user: string;
    readonly moves: readonly string[];
  }): Promise<Answer<MoveTaken>>;
  /** Empty the user's queue in a game. */
  clearQueue(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /** A player who resigns before every player has moved voids the game (see ../ratings/rules.ts). */
  resign(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /** Void the game: allowed to a player who has not moved in it yet. */
  decline(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /** Void the game: allowed to its challenger while the challenge is unanswered (`awaitingAnswer`). */
  cancel(request: { readonly gameId: number; readonly user: string }): Promise<Answer<GameRecord>>;
  /**
   * The player to move ran out of time: they lose as by resigning. `version` is the game as the
   * clock was read; if the game has changed since (a move came in time), nothing happens.
   */
  loseOnTime(request: { readonly gameId: number; readonly version: number }): Promise<Answer<GameRecord>>;
}

/** The authority over a port: each request is a function of its own file, given the referee. */
export function createAuthority(options: AuthorityOptions): Authority {
  const r = referee(options);
  return {
    ...takebackOperations({
      port: r.port,
      takebacks: options.takebacks,
      gameOf: (record) => gameOf(r, record),
      refuse,
      load: (id) => load(r, id),
      activeSeat: (gameId, user) => activeSeat(r, gameId, user),
      planMove: (record, seat, text, auto) => planMove(r, record, seat, text, auto),
      notify: r.notify,
      now: r.now,
    }),
    create: (request) => create(r, request),
    prepare: (request) => prepare(r, request),
    move: (request) => move(r, request),
    queue: (request) => queue(r, request),
    clearQueue: (request) => clearQueue(r, request),
    resign: (request) => resign(r, request),
    decline: (request) => decline(r, request),
    cancel: (request) => cancel(r, request),
    loseOnTime: (request) => loseOnTime(r, request),
  };
}
