import { useRef, useState } from 'react';
import { onLinkClick, usePath } from '../router.ts';
import { sentence } from '../sentence.ts';
import { PlayerLink } from './PlayerLink.tsx';
import { useSession } from './session.tsx';

/** Log in, sign up or log out, from the top bar. */
export function AccountBar() {
  const { session, logIn, logOut } = useSession();
  const [open, setOpen] = useState(false);
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const path = usePath();

  if (session) {
    return (
      <div className="account">
        <span className="who">
          <PlayerLink user={session.user} />
        </span>
        <a
          href="/account"
          onClick={onLinkClick}
          className="link"
          aria-current={path === '/account' ? 'page' : undefined}
        >
          Account
        </a>
        <button type="button" className="link" onClick={() => void logOut()}>
          Log out
        </button>
      </div>
    );
  }
  const submit = async (signUp: boolean) => {
    setBusy(true);
    setError('');
    try {
      await logIn(user.trim(), password, signUp, email.trim());
      setOpen(false);
      setPassword('');
    } catch (e) {
      setError(sentence(e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="account">
      <button type="button" className="link" ref={toggle} onClick={() => setOpen(!open)} aria-expanded={open}>
        Log in
      </button>
      {open && (
        <form
          className="login"
          // Esc closes the box, as any popup, and puts the keyboard back where it opened it.
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
            toggle.current?.focus();
          }}
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <label>
            User id{' '}
            <input
              value={user}
              onChange={(e) => setUser(e.target.value)}
              autoComplete="username"
              required
              // biome-ignore lint/a11y/noAutofocus: the box opens for typing into it
              autoFocus
            />
          </label>
          <label>
            Password{' '}
            <input
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
              required
            />
          </label>
          <label>
            Mail address (optional, for sign-up){' '}
            <input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="email"
            />
          </label>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <div className="buttons">
            <button type="submit" disabled={busy}>
              Log in
            </button>
            <button
              type="button"
              disabled={busy}
              // The browser's own checks first (both fields are required), as for Log in.
              onClick={(e) => {
                if (e.currentTarget.form?.reportValidity() !== false) void submit(true);
              }}
            >
              Sign up
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
