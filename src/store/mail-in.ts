/**
 * The mail-in part of the store: who a sender's address belongs to, and when a refusal was last
 * mailed to an address, so a sender is told why their mail was not played at most once a window
 * (a loop with an auto-responder ends after one answer).
 */
import type { NewMail } from './mail.ts';

export interface MailInStore {
  /** The accounts whose verified address is `address` (compared without regard to case). */
  accountsAt(address: string): Promise<string[]>;
  /**
   * Write `mail` (a refusal to `address`) unless one was written to that address within `windowMs`
   * before `at`; recorded in the same transaction. True when written.
   */
  answerOnce(address: string, at: number, windowMs: number, mail: NewMail): Promise<boolean>;
}

/** Migration 10: finding an account by its address, and the time of each address's last refusal. */
export const MAIL_IN_MIGRATION = {
  version: 10,
  statements: [
    'CREATE INDEX mail_accounts_address ON mail_accounts (lower(address))',
    'CREATE TABLE mail_in_refusals (address TEXT PRIMARY KEY, answered_at {time} NOT NULL)',
  ],
};
