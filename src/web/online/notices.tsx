/**
 * Your games, kept current by the server's notices over one WebSocket for the whole page: the
 * lobby's lists, the count of games awaiting your move in the page's title, a mark on the lobby
 * link for news seen elsewhere, and (if you switch them on) browser notifications while the page
 * is not in front. The list is fetched when the socket (re)connects; it is polled slowly only
 * while the socket is down.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { FrameOf, GameSummary } from '../../api/index.ts';
import { applyNotice, awaitingMove, noticeText } from '../../engine/index.ts';
import { api } from './api.ts';
import { useLive } from './live.ts';
import { titleWithCount } from './notice-list.ts';
import { useSession } from './session.tsx';

/** While the live link is down, the list is fetched this often. */
const FALLBACK_POLL_MS = 60_000;
const NOTIFY_KEY = 'tessera.notifications';

interface NoticesContext {
  /** Your active games and challenges to you; null before the first answer or logged out. */
  readonly games: readonly GameSummary[] | null;
  readonly problem: string;
  /** Fetch the list again (after your own action, say). */
  reload(): void;
  /** News that came while the lobby was not shown: how many, and the latest in words. */
  readonly unread: number;
  readonly latest: string;
  /** Browser notifications: not offered by this browser, refused, off, or on. */
  readonly notifications: 'unsupported' | 'denied' | 'off' | 'on';
  /** Ask for permission if need be and switch them on, or switch them off. */
  setNotifications(on: boolean): void;
  /** Hear the open challenges' changes (and `null` after a (re)subscription: fetch them anew). */
  onSeeks(listener: SeekListener): () => void;
}

type SeekListener = (frame: FrameOf<'seeks'> | null) => void;

const Context = createContext<NoticesContext | null>(null);

const supported = () => typeof window !== 'undefined' && 'Notification' in window;
const notificationsNow = (): NoticesContext['notifications'] => {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && window.localStorage.getItem(NOTIFY_KEY) === 'on'
    ? 'on'
    : 'off';
};

export function NoticesProvider({
  path,
  children,
}: {
  /** The page shown: news of the game on screen, or while on the lobby, is not unread. */
  path: string;
  children: React.ReactNode;
}) {
  const onLobby = path === '/';
  const { session } = useSession();
  // Kept with the user they are of, so a new login never shows the last one's.
  const [listed, setListed] = useState<{ user: string; games: readonly GameSummary[] } | null>(null);
  const [problem, setProblem] = useState('');
  const [unread, setUnread] = useState({ user: '', count: 0, latest: '' });
  const [notifications, setNotificationsState] = useState(notificationsNow);
  const shown = useRef(path);
  shown.current = path;
  const wanted = useRef(notifications);
  wanted.current = notifications;
  const seekListeners = useRef(new Set<SeekListener>());
  const onSeeks = useCallback((listener: SeekListener) => {
    seekListeners.current.add(listener);
    return () => void seekListeners.current.delete(listener);
  }, []);

  const reload = useCallback(() => {
    if (!session) return;
    const { user } = session;
    api<GameSummary[]>('GET', `/api/games?user=${encodeURIComponent(user)}&filter=active`).then(
      (games) => {
        setListed({ user, games });
        setProblem('');
      },
      (e: Error) => setProblem(e.message),
    );
  }, [session]);

  useEffect(() => {
    if (onLobby) setUnread({ user: '', count: 0, latest: '' });
  }, [onLobby]);

  const { connected } = useLive(
    session?.user ?? null,
    session,
    () => ({ type: 'subscribe', notices: true }),
    (frame) => {
      // Subscribed (first time or again after a drop): whatever was missed is in a fresh list.
      if (frame.type === 'subscribed' && 'notices' in frame) {
        for (const listener of seekListeners.current) listener(null);
        return reload();
      }
      if (frame.type === 'seeks') for (const listener of seekListeners.current) listener(frame);
      if (frame.type !== 'notice') return;
      const notice = frame;
      setListed((l) => (l ? { user: l.user, games: applyNotice(l.games, notice) } : l));
      const text = noticeText(notice);
      if (text === null) return;
      const user = session?.user ?? '';
      if (shown.current !== '/' && shown.current !== `/game/${notice.game.id}`)
        setUnread((u) => ({ user, count: (u.user === user ? u.count : 0) + 1, latest: text }));
      if (wanted.current === 'on' && !document.hasFocus()) {
        const popup = new Notification('Tessera', { body: text, tag: `tessera-game-${notice.game.id}` });
        popup.onclick = () => window.focus();
      }
    },
    undefined,
    session !== null,
  );

  useEffect(() => {
    if (!session || connected) return;
    reload();
    const timer = setInterval(reload, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [session, connected, reload]);

  const setNotifications = (on: boolean) => {
    if (!supported()) return;
    window.localStorage.setItem(NOTIFY_KEY, on ? 'on' : 'off');
    if (on && Notification.permission === 'default') {
      void Notification.requestPermission().then(() => setNotificationsState(notificationsNow()));
      return;
    }
    setNotificationsState(notificationsNow());
  };

  const value: NoticesContext = {
    games: session && listed?.user === session.user ? listed.games : null,
    problem,
    reload,
    unread: session && unread.user === session.user ? unread.count : 0,
    latest: session && unread.user === session.user ? unread.latest : '',
    notifications,
    setNotifications,
    onSeeks,
  };
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useNotices(): NoticesContext {
  const value = useContext(Context);
  if (!value) throw new Error('useNotices outside NoticesProvider');
  return value;
}

/** The page's title, with the count of games awaiting your move in front. */
export function PageTitle({ title }: { title: string }) {
  const { session } = useSession();
  const { games } = useNotices();
  const awaiting = session && games ? awaitingMove(session.user, games) : 0;
  useEffect(() => {
    document.title = titleWithCount(title, awaiting);
  }, [title, awaiting]);
  return null;
}

/** The lobby link's mark: how many things happened since you last looked at the lobby. */
export function UnreadMark() {
  const { unread, latest } = useNotices();
  if (unread === 0) return null;
  const said = `${unread} new since you last looked${latest ? `, the latest: ${latest}` : ''}`;
  return (
    <span className="unread" role="status" aria-label={said} title={said}>
      {unread} new
      {/* What happened, where the bar has room for it. */}
      {latest && <span className="unread-latest">: {latest}</span>}
    </span>
  );
}

/** Switch browser notifications on or off (the browser asks for permission on the first click). */
export function NotificationSwitch() {
  const { notifications, setNotifications } = useNotices();
  if (notifications === 'unsupported') return null;
  if (notifications === 'denied')
    return <p className="meta">This browser blocks Tessera's notifications (see its site settings).</p>;
  const on = notifications === 'on';
  return (
    <p className="meta">
      <button type="button" className="small secondary" onClick={() => setNotifications(!on)}>
        {on ? 'Stop browser notifications' : 'Notify me in this browser'}
      </button>{' '}
      {on
        ? 'You are told of challenges, your moves, ends and chat while this page is in the background.'
        : 'Be told of challenges, your moves and chat while this page is in the background.'}
    </p>
  );
}
