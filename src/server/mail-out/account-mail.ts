/**
 * An account's mail, as the HTTP routes and PBeM commands use it: give an address (a code is
 * mailed to it, and it is used only once verified), verify it, choose what to be mailed, remove it,
 * unsubscribe by a signed link. Answers are values with a sentence, as the service's are.
 */
import type { MailStatus, NotifyChoice } from '../../api/index.ts';
import { refuse } from '../../engine/index.ts';
import { NOTIFY_CHOICES, type Store } from '../../store/index.ts';
import type { Reply } from '../service/index.ts';
import type { Composer } from './compose.ts';
import { DAY_MS } from './mailer.ts';
import { isMailAddress } from './settings.ts';
import { codeHash, isUnsubscribeToken, newCode } from './tokens.ts';

/** A code is good this long, and this many wrong tries void it. */
export const CODE_VALID_MS = DAY_MS;
export const CODE_TRIES = 5;
/** A new code may be asked for this often (each one is a mail to an address not yet verified). */
export const CODE_INTERVAL_MS = 60_000;
/** Code mails one address may get a day, whoever asks (an account is cheap; an inbox is not). */
export const CODES_PER_ADDRESS_A_DAY = 3;
const FAILURES_SHOWN = 5;

const done = <T>(value: T): Reply<T> => ({ ok: true, value });

function checkAddress(text: string): Reply<string> {
  const trimmed = text.trim();
  if (!isMailAddress(trimmed)) {
    return refuse(
      'bad-request',
      `"${trimmed.slice(0, 60)}" is not a mail address: write it as name@example.org`,
    );
  }
  const at = trimmed.lastIndexOf('@');
  return done(trimmed.slice(0, at) + trimmed.slice(at).toLowerCase());
}

export interface AccountMail {
  status(user: string): Promise<MailStatus>;
  /** The address as it will be kept (the domain in lower case), or why it is none. */
  checkAddress(text: string): Reply<string>;
  /** Mail a code to `text`; the address is used once the code comes back. */
  setAddress(user: string, text: string): Promise<Reply<{ pendingAddress: string }>>;
  verify(user: string, code: string): Promise<Reply<{ address: string }>>;
  removeAddress(user: string): Promise<void>;
  setNotify(user: string, choice: string): Promise<Reply<{ notify: NotifyChoice }>>;
  /** The one-click unsubscribe: no more mail for `user`, if the link's token is theirs. */
  unsubscribe(user: string, token: string): Promise<Reply<null>>;
}

export function createAccountMail(deps: {
  readonly store: Store;
  readonly composer: Composer;
  readonly secret: string;
  readonly now: () => number;
  /** A mail was written: send it soon. */
  readonly nudge: () => void;
}): AccountMail {
  const { store, composer, secret, now } = deps;
  return {
    async status(user) {
      const account = await store.mailAccount(user);
      const failed = await store.failedMails(user, now() - 30 * DAY_MS, FAILURES_SHOWN);
      return {
        address: account?.address ?? null,
        pendingAddress: account?.pendingAddress ?? null,
        notify: account?.notify ?? 'move',
        failures: failed.map((m) => ({ subject: m.subject, error: m.lastError ?? 'failed', at: m.at })),
      };
    },

    checkAddress,

    async setAddress(user, text) {
      const checked = checkAddress(text);
      if (!checked.ok) return checked;
      const address = checked.value;
      const account = await store.mailAccount(user);
      // An account made by mail confirms no further address for a while (see mail-in/outcome.ts).
      const current = account?.pendingAddress ?? account?.address;
      if (current != null && current.toLowerCase() !== address.toLowerCase()) {
        if (!(await store.budgetFull(`made-by-mail:${user}`, now()))) {
          return refuse(
            'rate-limited',
            'an account made by mail can be given another address one day after it was made',
          );
        }
      }
      if (account?.codeSentAt != null && now() - account.codeSentAt < CODE_INTERVAL_MS) {
        return refuse(
          'rate-limited',
          'a code was mailed less than a minute ago; wait a minute before asking for another',
        );
      }
      const perAddress = { perSecond: CODES_PER_ADDRESS_A_DAY / 86_400, burst: CODES_PER_ADDRESS_A_DAY };
      if (
        !(await store.takeBudgets([{ key: `code-to:${address.toLowerCase()}`, budget: perAddress }], now()))
      ) {
        return refuse(
          'rate-limited',
          `${address} was mailed ${CODES_PER_ADDRESS_A_DAY} codes in the last day, the most it gets; try again tomorrow`,
        );
      }
      const code = newCode();
      await store.requestAddress(
        user,
        address,
        codeHash(user, code),
        composer.verification(user, address, code, now()),
      );
      deps.nudge();
      return done({ pendingAddress: address });
    },

    async verify(user, code) {
      const checked = await store.verifyAddress(user, codeHash(user, code), now(), CODE_VALID_MS, CODE_TRIES);
      switch (checked) {
        case 'verified': {
          const address = (await store.mailAccount(user))?.address ?? '';
          return done({ address });
        }
        case 'wrong':
          return refuse(
            'bad-request',
            `that is not the code we mailed; check it (after ${CODE_TRIES} wrong tries it is void: ask for a new one)`,
          );
        case 'expired':
          return refuse(
            'bad-request',
            'that code has expired (codes are good for 24 hours); ask for a new one',
          );
        case 'none':
          return refuse(
            'not-found',
            'no code is waiting for your account; give your address to be mailed one',
          );
      }
    },

    removeAddress: (user) => store.removeAddress(user),

    async setNotify(user, choice) {
      const notify = NOTIFY_CHOICES.find((c) => c === choice.toLowerCase());
      if (!notify) {
        return refuse(
          'bad-request',
          `"${choice.slice(0, 20)}" is not a choice: write move (a mail on every move that needs you), digest (one a day) or none`,
        );
      }
      const current = await store.mailAccount(user);
      // Choosing digests again keeps the time of day they come at.
      const due =
        notify !== 'digest'
          ? null
          : current?.notify === 'digest' && current.digestDueAt
            ? current.digestDueAt
            : now() + DAY_MS;
      await store.setNotify(user, notify, due);
      return done({ notify });
    },

    async unsubscribe(user, token) {
      if (!isUnsubscribeToken(secret, user, token)) {
        return refuse('forbidden', 'this unsubscribe link is not valid: copy the whole link from the mail');
      }
      await store.setNotify(user, 'none', null);
      return done(null);
    },
  };
}
