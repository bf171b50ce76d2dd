/** What a PBeM command is run with besides its words: who sent it, accounts' mail, the password check. */
import type { Analyses } from '../analysis/index.ts';
import type { AccountMail } from '../mail-out/index.ts';
import type { Service } from '../service/index.ts';
import type { TournamentService } from '../tournaments/index.ts';

/** Checks a password (service.verify), once the check is allowed by the sender's budget. */
export type PasswordCheck = (user: string, password: string) => ReturnType<Service['verify']>;

export interface PbmContext {
  /** Who sent the command (a client address, or a mail sender), whose budget a sign-up spends. */
  readonly from: string;
  /** Accounts' mail, where the server sends mail. */
  readonly mail?: AccountMail;
  /** Whether a password of `user` may be checked now: null, or the sentence refusing the check
   * (a check refused is answered as refused, never made). */
  readonly passwordCheck?: (user: string) => Promise<string | null>;
  /** The server's clock (default: the system's), for what "today" means. */
  readonly now?: () => number;
  /** Post-game analyses, where the server runs them. */
  readonly analyses?: Analyses;
  /** Tournaments, where the server runs them. */
  readonly tournaments?: TournamentService;
}
