/**
 * The online menu: your active games (whose turn), challenges to you (accept by opening the game
 * and moving, or decline), and a new challenge. The server's notices keep the list current the
 * moment anything changes; it is fetched again when the live link (re)opens, and polled slowly
 * only while the link is down.
 */
import { Box, Text, useApp, useWindowSize } from 'ink';
import { createElement as h, useCallback, useEffect, useRef, useState } from 'react';
import { type ArchivePage, type Blocks, type VacationState, vacationText } from '../../api/index.ts';
import { applyNotice, isChallengeTo, noticeText } from '../../engine/index.ts';
import { onlineEntries, type TuiGames } from '../games.ts';
import { KeyHelp, keyHelpLines } from '../key-help.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client, GameShow, GameSummary } from './api.ts';
import { archiveLine } from './archive-list.ts';
import { ChallengeForm } from './challenge-form.ts';
import { connectLive, type LinkState } from './live.ts';
import {
  type BlockChange,
  blockChange,
  blockQuestion,
  cannotOpen,
  describeGame,
  listWindow,
  lobbyStatus,
  orderGames,
  selectedTerms,
  type Withdrawal,
  withdrawalOf,
  withdrawalQuestion,
} from './lobby-list.ts';
import { MailScreen } from './mail-screen.ts';
import { SeeksScreen } from './seeks-screen.ts';
import { CLOSED_VACATION, type VacationForm, vacationKey, vacationPrompt } from './vacation-state.ts';

/** While the live link is down, the list is fetched this often. */
const FALLBACK_REFRESH_MS = 30_000;
/** Finished games the lobby shows. */
const RECENT = 3;

/** The lobby's keys, as its help line shows them. */
const LOBBY_KEYS = [
  'Enter open',
  'c challenge',
  'o open challenges',
  'd decline/cancel',
  'b block',
  'h finished games',
  't tournaments',
  'i Intricacy',
  's daily board',
  'm mail',
  'V vacation',
  'r refresh',
  'L log out',
  'q quit',
];

export function LobbyScreen({
  client,
  games: tuiGames,
  theme,
  onOpen,
  onIntricacy,
  onArchive,
  onDaily,
  onTournaments,
  onLogOut,
}: {
  client: Client;
  games: TuiGames;
  theme: Theme;
  onOpen: (id: number) => void;
  /** Open the Intricacy metagame (slots, locks, notes, scores). */
  onIntricacy: () => void;
  /** Open your finished games, to replay them. */
  onArchive: () => void;
  /** Race today's daily Sigmar board. */
  onDaily: () => void;
  /** Open the tournaments. */
  onTournaments: () => void;
  /** Log out here and forget the kept login. */
  onLogOut: () => void;
}) {
  const { exit } = useApp();
  const { rows, columns } = useWindowSize();
  const me = client.session?.user ?? '';
  const [games, setGames] = useState<GameSummary[] | null>(null);
  // The selection is a game, not a row: a game arriving above it leaves it on the same game. The
  // row is kept to land near where it was when its game leaves the list.
  const [selected, setSelected] = useState<{ readonly id: number | null; readonly row: number }>({
    id: null,
    row: 0,
  });
  // A decline (of a challenge to you) or a cancel (of your own) waits for y, and is of the game it
  // was asked for.
  const [declining, setDeclining] = useState<{ game: GameSummary; how: Withdrawal } | null>(null);
  const [message, setMessage] = useState('');
  // Whom I have blocked, and a block or unblock of the selected game's opponent waiting for y.
  const [blocked, setBlocked] = useState<readonly string[]>([]);
  const [blocking, setBlocking] = useState<BlockChange | null>(null);
  // Games this lobby just declined: their game-over notice is no news here, so it must not
  // replace the lobby's own "Declined" line.
  const declined = useRef(new Set<number>());
  const [challenging, setChallenging] = useState(false);
  const [mailing, setMailing] = useState(false);
  const [seeking, setSeeking] = useState(false);
  const [link, setLink] = useState<LinkState>({ kind: 'connecting', attempt: 0 });
  const [vacation, setVacation] = useState<VacationState | null>(null);
  const [vacationForm, setVacationForm] = useState<VacationForm>(CLOSED_VACATION);
  useEffect(() => {
    client.request<VacationState>('GET', '/api/vacation').then(setVacation, () => undefined);
    client.request<Blocks>('GET', '/api/blocks').then(
      (b) => setBlocked(b.blocked),
      () => undefined,
    );
  }, [client]);
  const takeVacation = (days: number) =>
    client.request<VacationState>('POST', '/api/vacation', { days }).then(
      (taken) => {
        setVacation(taken);
        setVacationForm(CLOSED_VACATION);
        setMessage(`Vacation taken: your clocks stop for ${days} day${days === 1 ? '' : 's'}.`);
      },
      (error: Error) => setMessage(`Vacation refused: ${error.message}`),
    );

  // Your last finished games stay in view (h lists them all, to replay).
  const [recent, setRecent] = useState<readonly GameSummary[]>([]);
  const refresh = useCallback(() => {
    client
      .request<ArchivePage>('GET', `/api/games/finished?user=${encodeURIComponent(me)}&limit=${RECENT}`)
      .then(
        (page) => setRecent(page.games),
        () => undefined,
      );
    return client
      .request<GameSummary[]>('GET', `/api/games?user=${encodeURIComponent(me)}&filter=active`)
      .then(
        (list) => {
          setGames(orderGames(me, list));
          setMessage((m) => (m.startsWith('Cannot refresh') ? '' : m));
        },
        (error: Error) => setMessage(`Cannot refresh the list: ${error.message}`),
      );
  }, [client, me]);
  // Notices of your games: each changes the list at once and says what happened.
  useEffect(() => {
    const live = connectLive({
      baseUrl: client.baseUrl,
      session: client.session,
      subscription: () => ({ type: 'subscribe', notices: true }),
      onFrame: (frame) => {
        if (frame.type === 'subscribed' && 'notices' in frame) return void refresh();
        if (frame.type !== 'notice') return;
        const notice = frame;
        setGames((list) => (list ? orderGames(me, applyNotice(list, notice)) : list));
        if (notice.notice === 'game-over') void refresh();
        const text = noticeText(notice);
        if (notice.notice === 'game-over' && declined.current.has(notice.game.id)) return;
        if (text !== null) setMessage(`${text}.`);
      },
      onLink: setLink,
    });
    return () => live.close();
  }, [client, me, refresh]);
  useEffect(() => {
    if (link.kind === 'open') return;
    void refresh();
    const timer = setInterval(() => void refresh(), FALLBACK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, link.kind]);

  const list = games ?? [];
  const found = list.findIndex((g) => g.id === selected.id);
  const at = found >= 0 ? found : Math.max(0, Math.min(selected.row, list.length - 1));
  const current = list[at];
  // Pin the selection to the game shown selected, as soon as there is one.
  const currentId = current?.id ?? null;
  useEffect(() => {
    if (currentId !== selected.id) setSelected({ id: currentId, row: at });
  }, [currentId, selected.id, at]);
  const select = (row: number) => {
    const to = Math.max(0, Math.min(list.length - 1, row));
    setSelected({ id: list[to]?.id ?? null, row: to });
  };
  const decline = ({ game, how }: { game: GameSummary; how: Withdrawal }) => {
    declined.current.add(game.id);
    client.request<GameSummary>('POST', `/api/games/${game.id}/${how}`).then(
      () => {
        setMessage(`${how === 'cancel' ? 'Cancelled' : 'Declined'} game #${game.id}.`);
        void refresh();
      },
      (error: Error) => setMessage(`${how === 'cancel' ? 'Cancel' : 'Decline'} refused: ${error.message}`),
    );
  };
  const changeBlock = ({ user, block }: BlockChange) => {
    const answer = block
      ? client.request<Blocks>('POST', '/api/blocks', { user })
      : client.request<Blocks>('DELETE', `/api/blocks/${user}`);
    answer.then(
      (b) => {
        setBlocked(b.blocked);
        setMessage(`${block ? 'Blocked' : 'Unblocked'} ${user}.`);
      },
      (error: Error) => setMessage(`${block ? 'Block' : 'Unblock'} refused: ${error.message}`),
    );
  };
  useKeys(
    (input, key) => {
      const away = vacationKey(vacationForm, vacation, input, key);
      if (away) {
        if ('form' in away) {
          setVacationForm(away.form);
          return setMessage('');
        }
        return 'take' in away ? void takeVacation(away.take) : setMessage(away.message);
      }
      if (blocking) {
        setBlocking(null);
        return input === 'y' ? changeBlock(blocking) : setMessage('Nothing changed.');
      }
      if (declining) {
        setDeclining(null);
        if (input === 'y') return decline(declining);
        return setMessage(declining.how === 'cancel' ? 'Not cancelled.' : 'Not declined.');
      }
      if (input === 'q') return exit();
      // Esc is "back" everywhere, and there is nothing before this screen.
      if (key.escape) return setMessage('Press q to quit.');
      if (key.upArrow) return select(at - 1);
      if (key.downArrow) return select(at + 1);
      if (input === 'c') return setChallenging(true);
      if (input === 'i') return onIntricacy();
      if (input === 'h') return onArchive();
      if (input === 's') return onDaily();
      if (input === 't') return onTournaments();
      if (input === 'm') return setMailing(true);
      if (input === 'o') return setSeeking(true);
      if (input === 'L') return onLogOut();
      if (input === 'r') {
        setMessage('');
        return void refresh();
      }
      if (!current) return;
      if (key.return) {
        const refusal = cannotOpen(tuiGames, current);
        return refusal ? setMessage(refusal) : onOpen(current.id);
      }
      if (input === 'b') {
        const change = blockChange(me, current, blocked);
        if (!change) return setMessage(`Game #${current.id} has no opponent to block.`);
        setMessage('');
        return setBlocking(change);
      }
      if (input === 'd') {
        const how = withdrawalOf(me, current);
        if (!how) return setMessage(`Game #${current.id} is not a challenge to you, nor yours unanswered.`);
        setMessage('');
        setDeclining({ game: current, how });
      }
    },
    { active: !challenging && !mailing && !seeking },
  );

  if (seeking) {
    const back = () => {
      setSeeking(false);
      void refresh();
    };
    return h(SeeksScreen, { client, games: onlineEntries(tuiGames), theme, onOpen, onBack: back });
  }

  if (mailing) return h(MailScreen, { client, theme, onBack: () => setMailing(false) });

  if (challenging) {
    return h(ChallengeForm, {
      client,
      games: onlineEntries(tuiGames),
      theme,
      onMade: (made: GameShow) => onOpen(made.id),
      onCancel: () => setChallenging(false),
    });
  }

  // Fit the list to the window: the title, status, messages, the vacation (two lines on a narrow
  // terminal), the selected challenge's terms and the key help take the rest.
  const recentLines = recent.length === 0 ? 0 : recent.length + 2;
  const room = Math.max(1, rows - 12 - keyHelpLines(LOBBY_KEYS, columns) - recentLines);
  const terms = current ? selectedTerms(me, current) : null;
  const { first } = listWindow(list.length, at, room);
  const shown = list.slice(first, first + room);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `TESSERA online  ${me} at ${client.baseUrl}`),
    h(Text, null, ' '),
    h(Text, { bold: true }, games === null ? 'Your games: loading...' : `Your games (${list.length} active)`),
    h(
      Text,
      { color: theme.colour && link.kind !== 'open' ? 'yellow' : undefined, wrap: 'truncate' },
      lobbyStatus(me, list, link),
    ),
    ...(list.length === 0 && games !== null
      ? [
          h(
            Text,
            { key: 'none', dimColor: theme.colour },
            '  none yet: press c to challenge someone or the computer, o to play a stranger',
          ),
        ]
      : shown.map((g, i) =>
          h(
            Text,
            {
              key: g.id,
              wrap: 'truncate',
              inverse: theme.colour && first + i === at,
              bold: isChallengeTo(me, g) || g.toMove === me,
            },
            `${first + i === at ? '>' : ' '} ${describeGame(me, g)}`,
          ),
        )),
    h(Text, { dimColor: theme.colour, wrap: 'wrap' }, terms ?? ' '),
    ...(recent.length === 0
      ? []
      : [
          h(Text, { key: 'recent-gap' }, ' '),
          h(Text, { key: 'recent', bold: true }, 'Recently finished (h: all, to replay)'),
          ...recent.map((g) => h(Text, { key: `r${g.id}`, wrap: 'truncate' }, `  ${archiveLine(me, g)}`)),
        ]),
    h(Text, null, ' '),
    h(
      Text,
      { dimColor: theme.colour && !vacationForm.asking, wrap: 'wrap' },
      vacationForm.asking && vacation
        ? vacationPrompt(vacationForm.days, vacation)
        : vacation
          ? vacationText(vacation)
          : ' ',
    ),
    h(
      Text,
      { color: theme.colour ? 'red' : undefined, wrap: 'truncate' },
      blocking
        ? `${blockQuestion(blocking)} (y/n)`
        : declining
          ? `${withdrawalQuestion(me, declining.game, declining.how)} (y/n)`
          : message || ' ',
    ),
    h(KeyHelp, {
      dim: theme.colour,
      keys: LOBBY_KEYS,
    }),
  );
}
