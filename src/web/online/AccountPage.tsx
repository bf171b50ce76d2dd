import { useState } from 'react';
import { PASSWORD_RULE } from '../../api/index.ts';
import { sentence } from '../sentence.ts';
import { api } from './api.ts';
import { BlockedList } from './Blocks.tsx';
import { MailSettings } from './MailSettings.tsx';
import { useSession } from './session.tsx';
import './account.css';

/**
 * The account's settings (`/account`): change the password (the current one is needed; other
 * devices are logged out), log out everywhere (every session ends, this one too), mail, and
 * whom you blocked.
 */
export function AccountPage() {
  const { session } = useSession();
  if (!session) {
    return (
      <section className="panel account-page">
        <h1>Your account</h1>
        <p>
          Log in (at the top of the page) to change your password, log out everywhere or choose your mail.
        </p>
      </section>
    );
  }
  return (
    <section className="panel account-page">
      <h1>Your account: {session.user}</h1>
      <PasswordChange />
      <LogOutEverywhere />
      <section aria-labelledby="account-mail">
        <h2 id="account-mail">Mail</h2>
        <MailSettings />
      </section>
      <BlockedList />
    </section>
  );
}

function PasswordChange() {
  const { session } = useSession();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (next !== again)
      return setSaid({ ok: false, text: 'The two new passwords differ: type the same one twice.' });
    setBusy(true);
    setSaid(null);
    try {
      await api('POST', '/api/password', { old, new: next }, session);
      setOld('');
      setNext('');
      setAgain('');
      setSaid({ ok: true, text: 'Password changed. Your other devices are logged out; this one stays.' });
    } catch (e) {
      setSaid({ ok: false, text: sentence(e instanceof Error ? e.message : String(e)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="account-password">
      <h2 id="account-password">Password</h2>
      <form
        className="account-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          Current password
          <input
            type="password"
            value={old}
            onChange={(e) => setOld(e.target.value)}
            autoComplete="current-password"
            required
          />
        </label>
        <label>
          New password
          <input
            type="password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
            aria-describedby="password-rule"
            required
          />
        </label>
        <label>
          New password again
          <input
            type="password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            autoComplete="new-password"
            required
          />
        </label>
        <p id="password-rule" className="meta">
          {PASSWORD_RULE.replace(/^a/, 'A')}.
        </p>
        <div className="buttons">
          <button type="submit" disabled={busy}>
            Change password
          </button>
        </div>
        {said && (
          <p className={said.ok ? 'notice' : 'error'} role={said.ok ? 'status' : 'alert'}>
            {said.text}
          </p>
        )}
      </form>
    </section>
  );
}

function LogOutEverywhere() {
  const { session, logOut } = useSession();
  const [problem, setProblem] = useState('');
  const everywhere = async () => {
    if (!window.confirm('Log out on every device, this one too?')) return;
    setProblem('');
    try {
      await api('POST', '/api/logout/everywhere', undefined, session);
      await logOut();
    } catch (e) {
      setProblem(sentence(e instanceof Error ? e.message : String(e)));
    }
  };
  return (
    <section aria-labelledby="account-sessions">
      <h2 id="account-sessions">Devices</h2>
      <p>
        Lost a phone, or logged in on a computer that is not yours? End every session of your account; each
        device has to log in again.
      </p>
      <div className="buttons">
        <button type="button" onClick={() => void everywhere()}>
          Log out everywhere
        </button>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
