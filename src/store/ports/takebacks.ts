/**
 * The takebacks part of the store: takebacks offered and not yet answered, and the record of those
 * made (the moves undone stay in the game's history there; its move log replays to the position
 * being played). Committing a takeback itself is the games part's (`takeBack`), which keeps its
 * cached copies right.
 */
import type {
  GameRecord,
  Takeback,
  TakebackAnswered,
  TakebackCounts,
  TakebackProposal,
  TakebackRecord,
} from '../../engine/index.ts';

/** An accepted takeback as stored: `id` orders a game's takebacks and pages them. */
export interface StoredTakeback extends TakebackRecord {
  readonly id: number;
}

export interface TakebackStore {
  proposal(gameId: number): Promise<TakebackProposal | undefined>;
  /** Record a proposal unless one is pending already; true when recorded. */
  propose(gameId: number, proposal: TakebackProposal): Promise<boolean>;
  dropProposal(gameId: number): Promise<void>;
  /**
   * Mark it rejected or withdrawn by `answered.by`: off offer, kept until play goes on (migration
   * 14's column); in the same transaction the proposer (rejected) or the opponent (withdrawn) is
   * given a notice, which mails them if they chose mail on every move.
   */
  declineProposal(gameId: number, answered: TakebackAnswered): Promise<void>;
  /**
   * Up to `limit` of the game's accepted takebacks, newest first: the latest, or those made before
   * the one with id `before`. A page costs the same however many the game has.
   */
  takebacks(
    gameId: number,
    page: { readonly before?: number; readonly limit: number },
  ): Promise<StoredTakeback[]>;
  /** The game's takebacks, and those back to move `fromMove`, each counted to `atMost` at most. */
  takebackCounts(gameId: number, fromMove: number, atMost: number): Promise<TakebackCounts>;
  /**
   * In one transaction checked against `version`: the game put back, its moves after `moveCount`
   * and their snapshots removed, its queues emptied, the proposal dropped, the takeback recorded.
   */
  takeBack(takeback: Takeback): Promise<GameRecord | undefined>;
}
