import { useEffect, useState } from 'react';
import { type MailStatus, mailSummary, NOTIFY_LABELS, type NotifyChoice } from '../../api/index.ts';
import { api } from './api.ts';
import { useSession } from './session.tsx';

/** The account's mail, on the account page: address (verified by a mailed code) and what to be
 * mailed; with `onClose`, as a panel that can be closed. */
export function MailSettings({ onClose }: { onClose?: () => void }) {
  const { session } = useSession();
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const refresh = () =>
    api<MailStatus>('GET', '/api/mail', undefined, session).then(setStatus, (e: Error) =>
      setError(e.message),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once when the panel opens.
  useEffect(() => void refresh(), []);

  const act = async (method: string, path: string, body?: unknown) => {
    setError('');
    try {
      await api(method, path, body, session);
      await refresh();
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  return (
    <div className={onClose ? 'login mail-settings' : 'mail-settings'}>
      {status && mailSummary(status).map((line) => <p key={line}>{line}</p>)}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void act('PUT', '/api/mail/address', { address }).then((ok) => ok && setAddress(''));
        }}
      >
        <label>
          Mail address{' '}
          <input
            type="email"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            autoComplete="email"
            required
          />
        </label>
        <button type="submit">Send a code</button>
      </form>
      {status?.pendingAddress && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act('POST', '/api/mail/verify', { code }).then((ok) => ok && setCode(''));
          }}
        >
          <label>
            Code <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" required />
          </label>
          <button type="submit">Verify</button>
        </form>
      )}
      {status && (
        <label>
          Send me{' '}
          <select
            value={status.notify}
            onChange={(e) => void act('PUT', '/api/mail/notify', { notify: e.target.value as NotifyChoice })}
          >
            {(Object.keys(NOTIFY_LABELS) as NotifyChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {NOTIFY_LABELS[choice]}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {onClose && (
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      )}
    </div>
  );
}
