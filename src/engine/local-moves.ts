/** A local session's changes: the game started (and the moves it was given replayed), a person's move, an undo. */
import { fail, ok, playText, type Result } from '../games/game.ts';
import {
  after,
  changed,
  isComputer,
  type LocalState,
  makeView,
  maybeCompute,
  seatToMove,
  stopThinking,
  undoable,
} from './local-state.ts';
import type { GameRecord, MoveRecord } from './port/index.ts';

/** Create the game, replay the moves given to start from up to the first refused, and let the computer move. */
export async function startGame(s: LocalState, options: unknown, seed: number): Promise<void> {
  const created = await s.authority.create({ gameType: s.game.id, players: s.players, seed, options });
  if (!created.ok) throw new Error(`a local game could not start: ${created.error}`);
  let record = created.value;
  s.record = record;
  for (const text of s.config.moves ?? []) {
    const seat = seatToMove(s, record);
    if (seat === undefined) break;
    const taken = await s.authority.move({
      gameId: record.id,
      user: s.players[seat] as string,
      move: text,
      moveNo: record.moveCount + 1,
    });
    if (!taken.ok) break;
    record = taken.value.game;
    s.record = record;
    s.moves = [...s.moves, ...taken.value.moves];
  }
  if (s.moves.length > 0) changed(s, { kind: 'restored', moves: s.moves.length });
  else s.view = makeView(s);
  maybeCompute(s);
}

/** Play for the person to move the move `textOf` writes in the position it is played in. */
export async function playForPerson(
  s: LocalState,
  ready: Promise<void>,
  textOf: (state: unknown) => string,
): Promise<Result<MoveRecord>> {
  await ready;
  const current = s.record as GameRecord;
  const seat = seatToMove(s, current);
  if (seat === undefined) return fail('the game is over');
  if (isComputer(s, seat) || s.thinking) return fail('it is not your turn: the computer is to move');
  const text = textOf(current.state);
  const taken = await s.authority.move({
    gameId: current.id,
    user: s.players[seat] as string,
    move: text,
    moveNo: current.moveCount + 1,
  });
  if (!taken.ok) {
    // Said in the rules' own words, as a person at the board expects.
    const rules = playText(s.game, current.state, text);
    return rules.ok ? taken : rules;
  }
  after(s, taken.value.game, taken.value.moves, 'person');
  return ok(taken.value.moves[0] as MoveRecord);
}

/** Take back moves until a person is to move again with one move fewer (see `LocalSession.undo`). */
export async function undoMoves(
  s: LocalState,
  ready: Promise<void>,
  now: () => number,
): Promise<Result<number>> {
  await ready;
  const back = undoable(s);
  if (back === 0) return fail('there is no move of yours to take back');
  stopThinking(s);
  const current = s.record as GameRecord;
  const rewound = await s.port.rewind(current.id, current.moveCount - back, now());
  if (!rewound) throw new Error(`game ${current.id} could not be rewound`);
  s.record = rewound;
  s.proceedAt = -1;
  s.moves = s.moves.slice(0, rewound.moveCount);
  changed(s, { kind: 'undo', moves: back });
  maybeCompute(s);
  return ok(back);
}
