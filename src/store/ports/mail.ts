/**
 * The mail part of the store: each account's address and choice of notices, the notices commits
 * leave (../schema/mail.ts), the durable outbox, and the daily digests' schedule.
 */

/** move: a mail on every move that needs the player; digest: one a day; none: no mail. */
export type NotifyChoice = 'move' | 'digest' | 'none';
export const NOTIFY_CHOICES: readonly NotifyChoice[] = ['move', 'digest', 'none'];

export interface MailAccount {
  readonly user: string;
  /** The verified address mail goes to, if any. */
  readonly address: string | null;
  /** An address waiting for its code. */
  readonly pendingAddress: string | null;
  readonly codeSentAt: number | null;
  readonly notify: NotifyChoice;
  readonly digestDueAt: number | null;
}

/**
 * What a change left for the mailer: `user` is to hear of `kind` in game `gameId` at `moveNo`.
 * `paired`: an open challenge of theirs was taken (or they took one) and the game began.
 * The takeback kinds: one was offered to `user`, their own was accepted (or one was accepted and
 * it is now their move), rejected, or the one offered to them was withdrawn.
 */
export interface Notice {
  readonly id: number;
  readonly user: string;
  readonly kind: MailNoticeKind;
  readonly gameId: number;
  readonly moveNo: number;
  readonly at: number;
}

export type MailNoticeKind =
  | 'move'
  | 'challenge'
  | 'paired'
  | 'end'
  | 'reminder'
  | 'takeback-offer'
  | 'takeback-accepted'
  | 'takeback-rejected'
  | 'takeback-withdrawn';

/** A mail to send. `messageId` is fixed when it is written, so a resend is recognisably the same mail. */
export interface NewMail {
  /** The account it is for, if any (its failures are shown to that account). */
  readonly user: string | null;
  readonly to: string;
  /** What it is (verify, move, challenge, end, reminder, digest, reply…), for the log and tests. */
  readonly kind: string;
  readonly messageId: string;
  readonly subject: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly at: number;
}

export interface OutboxMail extends NewMail {
  readonly id: number;
  readonly status: 'pending' | 'sent' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
  readonly sentAt: number | null;
}

/** An account whose daily digest is due. */
export interface DueDigest {
  readonly user: string;
  readonly address: string;
  readonly dueAt: number;
  /** The previous digest (or the choice of digests): games that ended since then are in it. */
  readonly since: number;
  /** Active games awaiting the player's move now (the digest lists only the latest of them). */
  readonly awaiting: number;
}

export type CodeCheck = 'verified' | 'wrong' | 'expired' | 'none';

export interface MailStore {
  mailAccount(user: string): Promise<MailAccount | undefined>;
  /** Make `address` the one waiting for the code whose hash is given, and write its mail, together. */
  requestAddress(user: string, address: string, codeHash: string, mail: NewMail): Promise<void>;
  /**
   * The code's hash against the waiting one: a match sent within `validMs` before `at` makes the
   * waiting address the account's; a wrong one counts, and the `maxTries`th voids the code.
   */
  verifyAddress(
    user: string,
    codeHash: string,
    at: number,
    validMs: number,
    maxTries: number,
  ): Promise<CodeCheck>;
  /** No address (nor one waiting) any more: no mail at all. */
  removeAddress(user: string): Promise<void>;
  /** The account's choice; `digestDueAt` is when its first digest is due (digests only). */
  setNotify(user: string, notify: NotifyChoice, digestDueAt: number | null): Promise<void>;

  /** Notices not yet turned into mails, oldest first. */
  notices(limit: number): Promise<Notice[]>;
  /**
   * Remove the notice and write its mails, in one transaction; false (and nothing written) when
   * another process took it first.
   */
  settleNotice(noticeId: number, mails: readonly NewMail[]): Promise<boolean>;
  /**
   * Tell `user` of something by their chosen channel (a reminder, say): a notice for the mailer
   * when they chose a mail on every move, nothing otherwise (digests list what awaits them).
   */
  addNotice(notice: Omit<Notice, 'id'>): Promise<boolean>;
  /** Write one mail to the outbox (its own transaction; inside another, see insertMail). */
  enqueueMail(mail: NewMail): Promise<void>;

  /**
   * Take up to `limit` pending mails due at `now` for sending: each is held until `holdUntil`
   * (then, if not settled, another sender may take it) and its attempts counted. Several
   * processes never take the same mail at once.
   */
  claimMails(now: number, holdUntil: number, limit: number): Promise<OutboxMail[]>;
  mailSent(id: number, at: number): Promise<void>;
  /** A failure worth retrying: due again at `nextAt`. */
  mailRetry(id: number, nextAt: number, error: string): Promise<void>;
  /** A permanent failure, shown to its account. */
  mailFailed(id: number, error: string): Promise<void>;
  /** The account's mails that failed for good since `since`, newest first. */
  failedMails(user: string, since: number, limit: number): Promise<OutboxMail[]>;
  /** A mail by its Message-ID (tests, and whoever must know if a mail went out). */
  mailByMessageId(messageId: string): Promise<OutboxMail | undefined>;

  /** Accounts with digests whose digest is due at `now`. */
  dueDigests(now: number, limit: number): Promise<DueDigest[]>;
  /**
   * Move a digest on to `nextDueAt` and write its mail (none when there was nothing to say), only
   * if it is still due at `dueAt`: of several processes, one takes it.
   */
  takeDigest(
    user: string,
    dueAt: number,
    nextDueAt: number,
    at: number,
    mail: NewMail | null,
  ): Promise<boolean>;

  /** The key signing unsubscribe links: `fresh` becomes it unless the database has one. */
  mailSecret(fresh: string): Promise<string>;
}
