/** Proposing a takeback, and answering one: accepted (the moves undone in one commit), rejected or withdrawn. */
import { type Answer, ok, type TakebackProposal, type TakebackRecord } from '../port/index.ts';
import { crossesRound, overCap, undoneBy, withPort } from './checks.ts';
import type { GameAndUser, TakebackAnswer, TakebackOffered, TakebackParts } from './parts.ts';

export async function proposeTakeback(
  parts: TakebackParts,
  request: GameAndUser,
): Promise<Answer<TakebackOffered>> {
  const { refuse, now } = parts;
  const found = await withPort(parts, request.gameId, request.user);
  if (!found.ok) return found;
  const { record, seat, takebacks } = found.value;
  const pending = await takebacks.proposal(record.id);
  if (pending?.declined && pending.moveCount === record.moveCount && pending.seat === seat) {
    return refuse(
      'conflict',
      `you have proposed a takeback at this point of game ${record.id} already: play on, and propose again after the next move`,
    );
  }
  if (pending && !pending.declined && pending.moveCount === record.moveCount) {
    return refuse(
      'conflict',
      pending.user === request.user
        ? `you have already proposed a takeback in game ${record.id}; wait for ${record.players[1 - pending.seat]} to accept or reject it`
        : `${pending.user} has already proposed a takeback in game ${record.id}: accept or reject it`,
    );
  }
  const moves = await undoneBy(parts, record, seat);
  if (moves.length === 0)
    return refuse(
      'bad-request',
      `you have not moved in game ${record.id} yet: there is nothing to take back`,
    );
  const fromMove = moves[0]?.moveNo ?? record.moveCount;
  const capped =
    (await crossesRound(parts, takebacks, record, fromMove)) ??
    (await overCap(parts, takebacks, record, fromMove));
  if (capped) return capped;
  // A proposal left from an earlier position lapsed when play went on: this one replaces it.
  if (pending) await takebacks.dropProposal(record.id);
  const proposal: TakebackProposal = { seat, user: request.user, moveCount: record.moveCount, at: now() };
  if (!(await takebacks.propose(record.id, proposal)))
    return refuse('busy', `game ${record.id} is busy; try again`);
  parts.notify({
    kind: 'takeback-offer',
    game: record,
    offer: { by: request.user, fromMove: moves[0]?.moveNo ?? 0, moves: moves.map((m) => m.text) },
  });
  return ok<TakebackOffered>({ game: record, proposal, moves });
}

/**
 * Accept or reject the pending takeback. Only the opponent accepts; either player may reject
 * (the proposer's rejection withdraws it).
 */
export async function answerTakeback(
  parts: TakebackParts,
  request: GameAndUser & { readonly accept: boolean },
): Promise<Answer<TakebackAnswer>> {
  const { refuse, now } = parts;
  const found = await withPort(parts, request.gameId, request.user);
  if (!found.ok) return found;
  const { record, seat, takebacks } = found.value;
  const pending = await takebacks.proposal(record.id);
  if (!pending || pending.declined)
    return refuse('bad-request', `nobody has proposed a takeback in game ${record.id}`);
  if (pending.moveCount !== record.moveCount) {
    await takebacks.dropProposal(record.id);
    parts.notify({ kind: 'takeback-offer', game: record, offer: null });
    return refuse(
      'stale-move',
      `the takeback ${pending.user} proposed in game ${record.id} lapsed: a move has been played since`,
    );
  }
  const own = pending.seat === seat;
  if (!request.accept) {
    await takebacks.declineProposal(record.id, { by: request.user, at: now() });
    parts.notify({ kind: 'takeback-offer', game: record, offer: null });
    return ok<TakebackAnswer>({ kind: own ? 'withdrawn' : 'rejected', game: record, by: request.user });
  }
  if (own) {
    return refuse(
      'forbidden',
      `the takeback in game ${record.id} is your own proposal: ${record.players[1 - seat]} accepts or rejects it`,
    );
  }
  const moves = await undoneBy(parts, record, pending.seat);
  const first = moves[0];
  if (!first) return refuse('bad-request', `there is no move of ${pending.user} to take back`);
  const capped =
    (await crossesRound(parts, takebacks, record, first.moveNo)) ??
    (await overCap(parts, takebacks, record, first.moveNo));
  if (capped) {
    await takebacks.dropProposal(record.id);
    parts.notify({ kind: 'takeback-offer', game: record, offer: null });
    return capped;
  }
  const moveCount = first.moveNo - 1;
  const state = await takebacks.positionAfter(record, moveCount);
  const game = parts.gameOf(record);
  const next = game.toMove(state);
  const takeback: TakebackRecord = {
    fromMove: first.moveNo,
    moves: moves.map((m) => m.text),
    proposer: pending.user,
    acceptedBy: request.user,
    at: now(),
  };
  const committed = await takebacks.takeBack({
    gameId: record.id,
    version: record.version,
    moveCount,
    state,
    toMove: next === undefined ? null : (record.players[next] ?? null),
    at: takeback.at,
    record: takeback,
  });
  if (!committed) {
    return refuse(
      'stale-move',
      `game ${record.id} changed while the takeback was being made; look at it again first`,
    );
  }
  parts.notify({ kind: 'takeback', game: committed, takeback });
  return ok<TakebackAnswer>({ kind: 'accepted', game: committed, takeback });
}
