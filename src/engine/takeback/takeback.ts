/**
 * Takebacks both players agree to, and previews of moves not played: part of the one authority
 * (../authority/authority.ts builds them with its own checks), so nothing here is a second path to the truth.
 *
 * A takeback undoes the proposer's last move and every move after it: their own move if the
 * opponent has not answered it yet, the last full turn if they have. It is offered with
 * `proposeTakeback` and lapses as soon as another move is played; the opponent accepts or rejects
 * it, the proposer may withdraw it (reject). The moves taken back are recorded beside the game
 * (`TakebackRecord`), so the game's history stays honest while its move log replays to the
 * position actually being played.
 */
import type { TakebackOffer } from '../../api/index.ts';
import type { Answer, MemoryPort, TakebackPort, TakebackProposal, TakebackRecord } from '../port/index.ts';
import { answerTakeback, proposeTakeback } from './answers.ts';
import type { GameAndUser, Preview, TakebackAnswer, TakebackOffered, TakebackParts } from './parts.ts';
import { preview } from './preview.ts';

export { takebackMoves } from './checks.ts';
export type * from './parts.ts';

export interface TakebackOperations {
  proposeTakeback(request: GameAndUser): Promise<Answer<TakebackOffered>>;
  /**
   * Accept or reject the pending takeback. Only the opponent accepts; either player may reject
   * (the proposer's rejection withdraws it).
   */
  answerTakeback(request: GameAndUser & { readonly accept: boolean }): Promise<Answer<TakebackAnswer>>;
  /** The position after `moves` played in turn from the current one, nothing recorded. */
  preview(request: { readonly gameId: number; readonly moves: readonly string[] }): Promise<Answer<Preview>>;
}

export function takebackOperations(parts: TakebackParts): TakebackOperations {
  return {
    proposeTakeback: (request) => proposeTakeback(parts, request),
    answerTakeback: (request) => answerTakeback(parts, request),
    preview: (request) => preview(parts, request),
  };
}

/** Takebacks on memory (../port/memory.ts): for local play and the authority's tests; `takebacks` lists
 * a game's, oldest first. */
export function memoryTakebacks(
  port: MemoryPort,
): TakebackPort & { takebacks(gameId: number): Promise<readonly TakebackRecord[]> } {
  const proposals = new Map<number, TakebackProposal>();
  const done = new Map<number, TakebackRecord[]>();
  return {
    async proposal(gameId) {
      return proposals.get(gameId);
    },
    async propose(gameId, proposal) {
      if (proposals.has(gameId)) return false;
      proposals.set(gameId, proposal);
      return true;
    },
    async dropProposal(gameId) {
      proposals.delete(gameId);
    },
    async declineProposal(gameId) {
      const p = proposals.get(gameId);
      if (p) proposals.set(gameId, { ...p, declined: true });
    },
    async positionAfter(record, moveNo) {
      const then = port.recordAt(record.id, moveNo);
      if (!then) throw new Error(`game ${record.id} has no position after move ${moveNo}`);
      return then.state;
    },
    async takeBack(takeback) {
      if (port.games.get(takeback.gameId)?.version !== takeback.version) return undefined;
      const record = await port.rewind(takeback.gameId, takeback.moveCount, takeback.at);
      if (!record) return undefined;
      proposals.delete(takeback.gameId);
      done.set(takeback.gameId, [...(done.get(takeback.gameId) ?? []), takeback.record]);
      return record;
    },
    async takebacks(gameId) {
      return done.get(gameId) ?? [];
    },
    async takebackCounts(gameId, fromMove, atMost) {
      const all = done.get(gameId) ?? [];
      return {
        total: Math.min(atMost, all.length),
        ofMove: Math.min(atMost, all.filter((t) => t.fromMove === fromMove).length),
      };
    },
  };
}

/** A client's copy of a game with the takeback on offer replaced, as a `takeback-offer` frame says. */
export function withTakebackOffer<T extends { readonly takebackOffer?: TakebackOffer }>(
  show: T,
  offer: TakebackOffer | null,
): T {
  const { takebackOffer: _old, ...rest } = show;
  return (offer ? { ...rest, takebackOffer: offer } : rest) as T;
}
