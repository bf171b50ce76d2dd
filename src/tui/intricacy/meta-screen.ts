/**
 * The Intricacy metagame on a Tessera server: register a codename, then five lists (Tab):
 * your slots (place a lock you designed with its solution, retire), others' locks (pick one;
 * a solution found is declared behind one of your slots), notes, the scores, and the retired
 * locks (pick one for practice: nothing to declare). Each list is a page of the server's at a
 * time ([ and ], or PgUp and PgDn; { and } for the score table's columns); what is shown is
 * refetched whenever the server announces a change.
 */
import { Box, Text } from 'ink';
import { createElement as h, useCallback, useEffect, useRef, useState } from 'react';
import {
  type Lock,
  type LockView,
  type NotesPage,
  type PlayersPage,
  parseLock,
  type ScorePage,
  type ToolMove,
  type Verdict,
  verdictText,
  type WorldView,
} from '../../games/intricacy/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Client } from '../online/api.ts';
import { count } from '../plural.ts';
import type { Theme } from '../theme.ts';
import { EditorScreen } from './editor-screen.ts';
import { type KeyConfig, keyName, loadKeyConfig } from './keys.ts';
import { firstShown } from './layout.ts';
import { type MetaApi, metaApi, subscribeMeta } from './meta-api.ts';
import {
  lockById,
  noteLine,
  noteSolution,
  othersLine,
  pageLine,
  retiredLine,
  scoreLines,
  slotLines,
} from './meta-lines.ts';
import {
  FIRST,
  type ListName,
  type Offsets,
  pageKey,
  placeAfterKey,
  RETIRED_TAB,
  SCORES_TAB,
  TAB_LIST,
  TABS,
  turnPage,
} from './meta-nav.ts';
import { PickScreen } from './pick-screen.ts';
import { RegisterScreen } from './register-screen.ts';

/** The page of each list shown, and where each starts (the server chooses how many). */
interface Pages {
  readonly players: PlayersPage;
  readonly notes: NotesPage;
  readonly scores: ScorePage;
  readonly retired: readonly LockView[];
}

type View =
  | { readonly kind: 'main' }
  | { readonly kind: 'edit'; readonly slot: number; readonly initial?: Lock }
  | { readonly kind: 'pick'; readonly lock: LockView; readonly parsed: Lock; readonly practice?: boolean }
  | { readonly kind: 'declare'; readonly lock: LockView; readonly moves: readonly ToolMove[] }
  | { readonly kind: 'retire'; readonly slot: number };

interface Props {
  readonly client: Client;
  readonly theme: Theme;
  readonly onExit: () => void;
}

export function IntricacyMetaScreen({ client, theme, onExit }: Props) {
  const [api] = useState(() => metaApi(client));
  const [keys] = useState<KeyConfig>(loadKeyConfig);
  const [me, setMe] = useState<string | null | undefined>(undefined);
  const [world, setWorld] = useState<WorldView | null>(null);
  const [pages, setPages] = useState<Pages | null>(null);
  const [offsets, setOffsets] = useState<Offsets>(FIRST);
  const [message, setMessage] = useState('');
  const [view, setView] = useState<View>({ kind: 'main' });
  // The moves that opened the lock being picked (kept across re-renders from live updates).
  const solved = useRef<readonly ToolMove[]>([]);
  // Which list and row are chosen, kept here so they survive picking a lock or editing one.
  const [place, setPlace] = useState({ tab: 0, row: 0 });

  // Fetches may overlap (a live notice and the refetch after an action): only the latest one's
  // answers are shown, so an older world never replaces a newer one.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const asked = ++latest.current;
    const current = () => asked === latest.current;
    Promise.all([
      api.world(),
      api.players(offsets.players),
      api.notes(offsets.notes),
      api.scores(offsets.scores, offsets.columns),
      api.retired(offsets.retired),
    ]).then(
      ([w, players, notes, scores, retired]) => {
        if (!current()) return;
        setWorld(w);
        setMe(w.viewer);
        setPages({ players, notes, scores, retired });
      },
      (e: Error) => current() && setMessage(e.message),
    );
  }, [api, offsets]);
  useEffect(() => {
    refresh();
  }, [refresh]);
  // The live link stays open while pages turn; it always calls the latest refresh.
  const refreshNow = useRef(refresh);
  refreshNow.current = refresh;
  useEffect(() => {
    const live = subscribeMeta(client, () => refreshNow.current());
    return () => live.close();
  }, [client]);

  const act = (p: Promise<unknown>, done: string) => {
    setMessage('Asking the server…');
    p.then(
      () => {
        setMessage(done);
        refresh();
      },
      (e: Error) => setMessage(e.message),
    );
  };

  if (me === undefined || world === null || pages === null)
    return h(Text, { wrap: 'wrap' }, message || `Fetching the metagame from ${client.baseUrl}…`);
  if (me === null)
    return h(RegisterScreen, {
      api,
      theme,
      onExit,
      onRegistered: (codename: string) => {
        setMessage(`Registered as ${codename}.`);
        refresh();
      },
    });
  if (view.kind === 'edit') {
    return h(EditorScreen, {
      theme,
      keys,
      initial: view.initial,
      onExit: () => setView({ kind: 'main' }),
      onDone: {
        label: `place this lock in slot ${view.slot + 1}`,
        go: (lock: Lock, solution: readonly ToolMove[], verdict: Verdict) => {
          setView({ kind: 'main' });
          act(
            api.place(view.slot, lock, solution),
            `Lock placed in slot ${view.slot + 1}. The critic (shown to you only): ${verdictText(verdict)}`,
          );
        },
      },
    });
  }
  if (view.kind === 'pick' && view.practice) {
    // A retired lock is picked for practice only: no note can be declared on it.
    return h(PickScreen, {
      lock: view.parsed,
      title: `Retired lock ${view.lock.id}, ${view.lock.owner}'s slot ${view.lock.slot + 1} (picking only)`,
      theme,
      keys,
      onExit: () => setView({ kind: 'main' }),
    });
  }
  if (view.kind === 'pick') {
    return h(PickScreen, {
      lock: view.parsed,
      title: `Lock ${view.lock.id}, ${view.lock.owner}'s slot ${view.lock.slot + 1}`,
      theme,
      keys,
      onExit: () => setView({ kind: 'main' }),
      onSolved: (moves: readonly ToolMove[]) => {
        solved.current = moves;
      },
      next: {
        label: 'declare this solution',
        go: () => setView({ kind: 'declare', lock: view.lock, moves: solved.current }),
      },
    });
  }
  return h(MainScreen, {
    world,
    pages,
    offsets,
    turn: (list: ListName, offset: number) => setOffsets((o) => ({ ...o, [list]: Math.max(0, offset) })),
    me,
    theme,
    view,
    message,
    setMessage,
    setView,
    act,
    api,
    onExit,
    refresh,
    server: client.baseUrl,
    place,
    setPlace,
  });
}

interface MainProps {
  readonly world: WorldView;
  readonly pages: Pages;
  readonly offsets: Offsets;
  readonly turn: (list: ListName, offset: number) => void;
  readonly me: string;
  readonly theme: Theme;
  readonly view: View;
  readonly message: string;
  readonly setMessage: (m: string) => void;
  readonly setView: (v: View) => void;
  readonly act: (p: Promise<unknown>, done: string) => void;
  readonly api: MetaApi;
  readonly onExit: () => void;
  readonly refresh: () => void;
  readonly server: string;
  readonly place: { readonly tab: number; readonly row: number };
  readonly setPlace: (p: { tab: number; row: number }) => void;
}

function MainScreen(props: MainProps) {
  const { world, pages, offsets, turn, me, theme, view, message, setMessage, setView, act, api, onExit } =
    props;
  const { refresh, server } = props;
  const { tab, row } = props.place;
  const player = world.me;
  const retired = pages.retired;
  const others = pages.players.locks.filter((l) => !l.retired && l.owner !== me);
  const locks = [...world.locks, ...pages.players.locks];
  const notes = pages.notes.notes;
  const rows = [3, others.length, notes.length, pages.scores.players.length, retired.length][tab] ?? 0;
  const list = TAB_LIST[tab];
  const counts: Readonly<Record<ListName, number>> = {
    players: pages.players.count,
    notes: pages.notes.count,
    scores: pages.scores.count,
    columns: pages.scores.count,
    retired: world.counts.retired,
  };
  /** Turn `which` list a page forward (+1) or back (-1), if there is one. */
  const page = (which: ListName, step: 1 | -1) => {
    const turned = turnPage(offsets, counts, which, step);
    if ('message' in turned) return setMessage(turned.message);
    props.setPlace({ tab, row: 0 });
    turn(which, turned.offset);
  };

  useKeys((input, key) => {
    const name = keyName(input, key);
    if (view.kind === 'retire') {
      if (input === 'y') act(api.retire(view.slot), `Slot ${view.slot + 1} retired.`);
      else setMessage('Not retired.');
      return setView({ kind: 'main' });
    }
    if (view.kind === 'declare') {
      const slot = Number(input) - 1;
      if (name === 'escape') {
        setMessage('Not declared.');
        return setView({ kind: 'main' });
      }
      if (!(slot >= 0 && slot <= 2)) return setMessage('Press 1, 2 or 3 (or Esc).');
      setView({ kind: 'main' });
      return act(
        api.declare(view.lock.id, view.moves, slot),
        `Solution of lock ${view.lock.id} declared: the note is behind your slot ${slot + 1}.`,
      );
    }
    setMessage('');
    if (name === 'escape' || name === 'q') return onExit();
    const moved = placeAfterKey(props.place, rows, name);
    if (moved) return props.setPlace(moved);
    if (name === 'g') return refresh();
    const paging = pageKey(tab, name);
    if (paging) return page(paging.list, paging.step);
    if (tab === 0 && name === 'enter') {
      const current = lockById(world.locks, player?.slots[row]);
      return setView({ kind: 'edit', slot: row, initial: current?.lock });
    }
    if (tab === 0 && name === 'd') {
      if (player?.slots[row] === null) return setMessage(`Slot ${row + 1} is empty.`);
      return setView({ kind: 'retire', slot: row });
    }
    if ((tab === 1 || tab === RETIRED_TAB) && name === 'enter') {
      const lock = tab === 1 ? others[row] : retired[row];
      if (!lock) return;
      const parsed = parseLock(lock.lock);
      if (!parsed.ok) return setMessage(`lock ${lock.id}: ${parsed.error}`);
      return setView({ kind: 'pick', lock, parsed: parsed.value, practice: tab === RETIRED_TAB });
    }
    if (tab === 2 && name === 'enter') {
      const note = notes[row];
      if (note) setMessage(noteSolution(note));
    }
  });

  const lines =
    [
      () => slotLines(world),
      () => others.map((l) => othersLine(l)),
      () => notes.map((n) => noteLine(locks, n)),
      () => scoreLines(pages.scores),
      () => retired.map(retiredLine),
    ][tab]?.() ?? [];
  const where = [
    '',
    pageLine('players', pages.players.offset, pages.players.players.length, pages.players.count),
    pageLine('notes', pages.notes.offset, notes.length, pages.notes.count),
    pageLine('ranks', pages.scores.offset, pages.scores.players.length, pages.scores.count) +
      (pages.scores.count > pages.scores.columns.length
        ? `  { }: columns from ${pages.scores.columnOffset + 1}`
        : ''),
    pageLine('retired locks', offsets.retired, retired.length, world.counts.retired),
  ][tab];
  const help = [
    'Enter design and place a lock here  d retire it',
    'Enter pick this lock (then declare the solution)',
    'Enter show a note you have read',
    'you score against each player: the table is row vs column',
    'newest first; Enter pick this lock (picking only: nothing to declare)',
  ][tab];
  const shown = 14;
  const start = firstShown(row, lines.length, shown);
  const prompt =
    view.kind === 'retire'
      ? `Retire the lock in slot ${view.slot + 1}? Its notes become public. y / any key`
      : view.kind === 'declare'
        ? `Solved lock ${view.lock.id} in ${count(view.moves.length, 'move')}. Secure the note behind your slot 1, 2 or 3? (Esc: don't)`
        : '';
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `Intricacy metagame  ${server}  you are ${me}`),
    h(Text, { wrap: 'truncate' }, TABS.map((t, i) => (i === tab ? `[${t}]` : ` ${t} `)).join(' ')),
    where ? h(Text, { wrap: 'truncate', dimColor: theme.colour }, where) : null,
    ...(lines.length === 0 ? [h(Text, { key: 'none', dimColor: theme.colour }, '  (none yet)')] : []),
    ...lines.slice(start, start + shown).map((line, j) => {
      const i = start + j;
      const chosen = tab !== SCORES_TAB && i === row;
      return h(
        Text,
        { key: String(i), wrap: 'truncate', inverse: theme.colour && chosen },
        `${chosen ? '>' : ' '} ${line}`,
      );
    }),
    h(Text, null, ' '),
    prompt ? h(Text, { bold: true, wrap: 'wrap' }, prompt) : null,
    message ? h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message) : null,
    h(
      Text,
      { dimColor: theme.colour, wrap: 'wrap' },
      `${help}${list ? '  [ ] pages' : ''}  Tab next list  g refresh  q back`,
    ),
  );
}
