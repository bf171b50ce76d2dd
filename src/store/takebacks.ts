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
  TakebackProposal,
  TakebackRecord,
} from '../engine/index.ts';

export interface TakebackStore {
  proposal(gameId: number): Promise<TakebackProposal | undefined>;
  /** Record a proposal unless one is pending already; true when recorded. */
  propose(gameId: number, proposal: TakebackProposal): Promise<boolean>;
  /**
   * Drop the game's proposal; `answered`: it was rejected (the proposer is mailed) or withdrawn by
   * its proposer (the opponent is mailed), in the same transaction.
   */
  dropProposal(gameId: number, answered?: TakebackAnswered): Promise<void>;
  /** The game's accepted takebacks, oldest first. */
  takebacks(gameId: number): Promise<TakebackRecord[]>;
  /**
   * In one transaction checked against `version`: the game put back, its moves after `moveCount`
   * and their snapshots removed, its queues emptied, the proposal dropped, the takeback recorded.
   */
  takeBack(takeback: Takeback): Promise<GameRecord | undefined>;
}

/** Migration 11: pending takebacks, one per game, and those made. */
export const TAKEBACK_MIGRATION = {
  version: 11,
  statements: [
    `CREATE TABLE takeback_proposals (game_id INTEGER PRIMARY KEY REFERENCES games (id),
      seat INTEGER NOT NULL, user_id TEXT NOT NULL, move_count INTEGER NOT NULL, at {time} NOT NULL)`,
    `CREATE TABLE takebacks (id {id}, game_id INTEGER NOT NULL REFERENCES games (id),
      from_move INTEGER NOT NULL, moves TEXT NOT NULL, proposer TEXT NOT NULL, accepted_by TEXT NOT NULL,
      at {time} NOT NULL)`,
    'CREATE INDEX takebacks_game ON takebacks (game_id, id)',
  ],
};
