/**
 * Open challenges in the terminal: the list of those you may take and yours (kept current by the
 * server's `seeks` frames), taking and cancelling, posting one and "play someone". A game begun
 * by pairing opens at once.
 */
import { Box, Text } from 'ink';
import { createElement as h, useCallback, useEffect, useState } from 'react';
import type { GameShow, Profile, QuickAnswer, SeekList, SeekView } from '../../api/index.ts';
import { applySeeks, INITIAL_RATING } from '../../engine/index.ts';
import type { OnlineEntry } from '../games.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import type { Client } from './api.ts';
import { connectLive } from './live.ts';
import { chosenTerms, INITIAL_SEEKS, PACES, seekBody, seekLine, seekRows, seeksKey } from './seeks-state.ts';

export function SeeksScreen({
  client,
  games,
  theme,
  onOpen,
  onBack,
}: {
  client: Client;
  /** The games open challenges can be posted in (at least one). */
  games: readonly OnlineEntry[];
  theme: Theme;
  onOpen: (id: number) => void;
  onBack: () => void;
}) {
  const me = client.session?.user ?? '';
  const [list, setList] = useState<SeekList>({ open: [], mine: [] });
  const [state, setState] = useState(INITIAL_SEEKS);
  const [message, setMessage] = useState('');
  const game = games[state.gameIndex % games.length] as OnlineEntry;
  // Your rating in each game, for a range around it (a game not yet played: the starting rating).
  const [ratings, setRatings] = useState<ReadonlyMap<string, number>>(new Map());
  const rating = ratings.get(game.id) ?? INITIAL_RATING;
  useEffect(() => {
    if (!me) return;
    client.request<Profile>('GET', `/api/players/${encodeURIComponent(me)}`).then(
      (profile) => setRatings(new Map(profile.ratings.map((r) => [r.gameType, r.rating]))),
      () => undefined, // the range is then around the starting rating
    );
  }, [client, me]);

  const load = useCallback(
    () =>
      client
        .request<SeekList>('GET', '/api/seeks')
        .then(setList, (error: Error) => setMessage(`Cannot load the open challenges: ${error.message}`)),
    [client],
  );
  useEffect(() => {
    const live = connectLive({
      baseUrl: client.baseUrl,
      session: client.session,
      subscription: () => ({ type: 'subscribe', notices: true }),
      onFrame: (frame) => {
        if (frame.type === 'subscribed' && 'notices' in frame) return void load();
        if (frame.type === 'seeks') {
          let refetch = false;
          setList((l) => {
            const next = applySeeks(l, frame, me);
            refetch = next.refetch;
            return next.list;
          });
          if (refetch) void load();
        }
        // Someone took yours: the game opens here at once.
        if (frame.type === 'notice' && frame.notice === 'paired') onOpen(frame.game.id);
      },
      onLink: () => undefined,
    });
    return () => live.close();
  }, [client, me, load, onOpen]);

  const refused = (what: string) => (error: Error) => setMessage(`${what}: ${error.message}`);
  const take = (seek: SeekView) =>
    client
      .request<GameShow>('POST', `/api/seeks/${seek.id}/take`)
      .then((made) => onOpen(made.id), refused('Not taken'));
  const cancel = (seek: SeekView) =>
    client.request('DELETE', `/api/seeks/${seek.id}`).then(() => {
      setMessage(`Open challenge ${seek.id} cancelled.`);
      void load();
    }, refused('Not cancelled'));
  const play = () =>
    client
      .request<QuickAnswer>('POST', '/api/seeks/quick', { gameType: game.id, timeControl: PACES[state.pace] })
      .then((answer) => {
        if (answer.paired) return onOpen(answer.gameId);
        setMessage(
          'Nobody was waiting: your open challenge is posted; the game opens here when it is taken.',
        );
        void load();
      }, refused('Not paired'));
  const post = () =>
    client.request<SeekView>('POST', '/api/seeks', seekBody(state, game.id, rating)).then((seek) => {
      setMessage(`Open challenge ${seek.id} posted.`);
      void load();
    }, refused('Not posted'));

  // One that expired while the screen was open is no longer offered (expiry is not announced).
  const now = Date.now();
  const shown = { ...list, open: list.open.filter((s) => s.expiresAt > now) };
  useKeys((input, key) => {
    const step = seeksKey(state, input, key, shown, me, games.length);
    if (step === null) return;
    if (step === 'back') return onBack();
    if (step === 'play') return void play();
    if (step === 'post') return void post();
    if ('state' in step) return setState(step.state);
    if ('message' in step) return setMessage(step.message);
    setMessage('');
    if ('take' in step) return void take(step.take);
    return void cancel(step.cancel);
  });

  const rows = seekRows(shown);
  const at = Math.min(state.row, rows.length - 1);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, 'Open challenges'),
    h(Text, { wrap: 'wrap' }, `Your terms: ${chosenTerms(state, game.title, rating)}`),
    h(Text, null, ' '),
    ...(rows.length === 0
      ? [h(Text, { key: 'none', dimColor: theme.colour }, '  none open: press p to play someone')]
      : rows.map((seek, i) =>
          h(
            Text,
            { key: seek.id, wrap: 'truncate', inverse: theme.colour && i === at },
            `${i === at ? '>' : ' '} ${seekLine(seek, me)}`,
          ),
        )),
    h(Text, null, ' '),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'wrap' },
      'Enter take  x cancel yours  p play someone  n post  g game  t pace  s seat  u rated  r rating range  Esc back',
    ),
  );
}
