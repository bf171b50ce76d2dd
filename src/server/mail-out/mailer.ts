/**
 * The background mailer. Each round it turns the notices commits left into outbox mails, writes
 * the digests that are due, and sends the mails that are due. Every step is settled in the store
 * before the next, so a process killed at any moment loses nothing: a notice stays until its mails
 * are written (in the same transaction that removes it), and a mail stays pending until it is
 * recorded as sent; one taken by a sender that died is taken again once its hold runs out, with the
 * same Message-ID. Several processes may run it on one PostgreSQL database: each notice, digest and
 * mail goes to one of them.
 *
 * Time comes from `now`, and a round runs when asked (`runOnce`), so tests drive it without waiting.
 */
import type { Store } from '../../store/index.ts';
import type { Composer } from './compose.ts';
import type { MailTransport } from './transport.ts';

export const DAY_MS = 86_400_000;
/** Attempts before a mail is given up as failed; retries wait 1, 2, 4 … minutes, at most 6 hours. */
export const MAX_ATTEMPTS = 10;
export const retryDelay = (attempts: number): number => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);

export interface RoundCounts {
  notices: number;
  digests: number;
  sent: number;
  retried: number;
  failed: number;
}

export interface Mailer {
  /** A round that starts after this call; resolves when it is done. Rounds never overlap. */
  runOnce(): Promise<RoundCounts>;
  /** Something was committed that may need mail: run a round soon (nudges in one short spell share
   * one round, so a busy server does not query for mail after every move). */
  nudge(): void;
  /** Run a round every `pollMs` (changes made by other processes), and on each nudge. */
  start(): void;
  close(): Promise<void>;
}

export interface MailerOptions {
  readonly store: Store;
  readonly composer: Composer;
  readonly transport: MailTransport;
  readonly holdMs: number;
  readonly now?: () => number;
  readonly pollMs?: number;
  /** How soon after a nudge its round runs (default 100 ms); null: nudges do nothing (tests run
   * each round themselves). */
  readonly nudgeMs?: number | null;
  /** Mails sent at once. */
  readonly parallel?: number;
  readonly onError?: (error: unknown, what: string) => void;
}

const BATCH = 50;

export function createMailer(options: MailerOptions): Mailer {
  const { store, composer, transport, holdMs } = options;
  const now = options.now ?? Date.now;
  const parallel = options.parallel ?? 4;
  const onError = options.onError ?? (() => {});

  const settleNotices = async (counts: RoundCounts) => {
    for (;;) {
      const notices = await store.notices(BATCH);
      for (const notice of notices) {
        // One that cannot be written now stays for the next round; the others go on.
        try {
          const account = await store.mailAccount(notice.user);
          const mail = account?.address ? await composer.notice(notice, account.address) : null;
          if (await store.settleNotice(notice.id, mail ? [mail] : [])) counts.notices++;
        } catch (error) {
          onError(error, `notice ${notice.id}`);
        }
      }
      if (notices.length < BATCH) return;
    }
  };

  const writeDigests = async (counts: RoundCounts) => {
    const at = now();
    for (const due of await store.dueDigests(at, BATCH)) {
      // The same time of day tomorrow (or the first such time still ahead, after a long stop).
      const next = due.dueAt + Math.max(1, Math.ceil((at - due.dueAt + 1) / DAY_MS)) * DAY_MS;
      const mail = await composer.digest(due, at);
      if (await store.takeDigest(due.user, due.dueAt, next, at, mail)) counts.digests++;
    }
  };

  const sendDue = async (counts: RoundCounts) => {
    for (;;) {
      const at = now();
      const mails = await store.claimMails(at, at + holdMs, BATCH);
      for (let i = 0; i < mails.length; i += parallel) {
        await Promise.all(
          mails.slice(i, i + parallel).map(async (mail) => {
            const outcome = await transport.send(mail);
            if (outcome.ok) {
              await store.mailSent(mail.id, now());
              counts.sent++;
            } else if (outcome.permanent || mail.attempts >= MAX_ATTEMPTS) {
              await store.mailFailed(mail.id, outcome.error);
              counts.failed++;
            } else {
              await store.mailRetry(mail.id, now() + retryDelay(mail.attempts), outcome.error);
              counts.retried++;
            }
          }),
        );
      }
      if (mails.length < BATCH) return;
    }
  };

  let running: Promise<RoundCounts> | undefined;
  /** The round that follows the running one, shared by every call made meanwhile. */
  let queued: Promise<RoundCounts> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let nudged: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const round = async (): Promise<RoundCounts> => {
    const counts: RoundCounts = { notices: 0, digests: 0, sent: 0, retried: 0, failed: 0 };
    for (const [what, step] of [
      ['notices', settleNotices],
      ['digests', writeDigests],
      ['sending', sendDue],
    ] as const) {
      try {
        await step(counts);
      } catch (error) {
        // The next round tries again: nothing is settled until it is done.
        onError(error, what);
      }
    }
    return counts;
  };

  // A call is answered by a round that starts after it: what it asks about is then seen.
  const runOnce = (): Promise<RoundCounts> => {
    if (running) {
      queued ??= running.then(() => {
        queued = undefined;
        return runOnce();
      });
      return queued;
    }
    running = round().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runOnce,
    nudge() {
      if (closed || nudged || options.nudgeMs === null) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        if (!closed) void runOnce();
      }, options.nudgeMs ?? 100);
      nudged.unref();
    },
    start() {
      timer ??= setInterval(() => void runOnce(), options.pollMs ?? 1000);
      timer.unref();
      void runOnce();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (nudged) clearTimeout(nudged);
      await queued;
      await running;
      transport.close();
    },
  };
}
