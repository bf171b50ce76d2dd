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
