/**
 * A server game replayed in the terminal: ← → step a move, Home End (or g G) jump to the start and
 * the end, on the board the game screen draws; the positions are rebuilt by the game's rules
 * (src/engine/replay.ts), and one the rules cannot rebuild is asked of the server. A finished game
 * can be analysed (a): each marked move then says so with the computer's better move, and n N step
 * from one marked move to the next.
 */
import { Box, Text } from 'ink';
import { createElement as h, useEffect, useState } from 'react';
import { ANALYSIS_POLL_MS, type AnalysisAnswer, type GameShow, resultText } from '../../api/index.ts';
import { loadReplay, type Replay, type ReplayStep, replayCaption, stepTo } from '../../engine/index.ts';
import type { TuiGames } from '../games.ts';
import { useKeys } from '../key-queue.ts';
import { renderLine } from '../segments.ts';
import type { Theme } from '../theme.ts';
import type { Client } from './api.ts';
import { analysisLine, markedStep } from './replay-analysis.ts';

export function ReplayScreen({
  client,
  games,
  id,
  theme,
  onExit,
}: {
  client: Client;
  games: TuiGames;
  id: number;
  theme: Theme;
  onExit: () => void;
}) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [at, setAt] = useState(0);
  const [message, setMessage] = useState('');
  const [fetched, setFetched] = useState<ReadonlyMap<number, unknown>>(new Map());
  const [analysis, setAnalysis] = useState<AnalysisAnswer | null>(null);
  const finished =
    replay?.show.status === 'finished' && games[replay.show.gameType]?.rules.ai?.evaluate !== undefined;
  const analysisState = analysis?.state ?? null;

  // A finished game's analysis: read once, then again while it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: analysis (each answer) paces the reads
  useEffect(() => {
    if (!finished || analysisState === 'ready' || analysisState === 'none') return;
    let current = true;
    const timer = setTimeout(
      () =>
        client.request<AnalysisAnswer>('GET', `/api/games/${id}/analysis`).then(
          (a) => current && setAnalysis(a),
          (error: Error) => current && setMessage(`Cannot read the analysis: ${error.message}`),
        ),
      analysisState === null ? 0 : ANALYSIS_POLL_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // Each answer is a new object, so a 'running' answer sets the next read going.
  }, [client, id, finished, analysis]);

  useEffect(() => {
    let current = true;
    const get = (path: string) => client.request<GameShow>('GET', path);
    // The game's type comes first, to know whose rules rebuild its positions.
    get(`/api/games/${id}?limit=1`)
      .then((shown) => {
        const rules = games[shown.gameType]?.rules;
        if (!rules) throw new Error(`${shown.title} cannot be shown in the terminal client yet`);
        return loadReplay(rules, id, get);
      })
      .then(
        (loaded) => {
          if (!current) return;
          setReplay(loaded);
          setAt(loaded.moves.length);
        },
        (error: Error) => current && setMessage(`Cannot replay game #${id}: ${error.message}`),
      );
    return () => {
      current = false;
    };
  }, [client, games, id]);

  const view = replay ? (replay.views[at] ?? fetched.get(at)) : undefined;
  useEffect(() => {
    if (!replay || view !== undefined) return;
    client.request<GameShow>('GET', `/api/games/${id}?at=${at}&limit=1`).then(
      (shown) => setFetched((m) => new Map(m).set(at, shown.view)),
      (error: Error) => setMessage(`Cannot show move ${at}: ${error.message}`),
    );
  }, [client, replay, view, id, at]);

  useKeys((input, key) => {
    if (input === 'q' || key.escape) return onExit();
    if (!replay) return;
    const step: ReplayStep | null = key.leftArrow
      ? 'back'
      : key.rightArrow
        ? 'forward'
        : key.home || input === 'g'
          ? 'first'
          : key.end || input === 'G'
            ? 'last'
            : null;
    if (step) setAt((a) => stepTo(a, step, replay.moves.length));
    if (input === 'a' && finished && analysisState === 'none') {
      client
        .request<AnalysisAnswer>('POST', `/api/games/${id}/analysis`)
        .then(setAnalysis, (error: Error) => setMessage(`Cannot analyse: ${error.message}`));
    }
    if ((input === 'n' || input === 'N') && analysis?.state === 'ready') {
      const to = markedStep(analysis.analysis, at, input === 'n');
      if (to !== null) setAt(to);
    }
  });

  if (!replay) {
    return h(
      Box,
      { flexDirection: 'column' },
      h(Text, { bold: true }, `Replay of game #${id}`),
      h(Text, { wrap: 'wrap' }, message || 'Loading...'),
      h(Text, { dimColor: theme.colour }, 'q back'),
    );
  }
  const { show } = replay;
  const entry = games[show.gameType];
  const players = show.seats.map((s) => `${s.user} (${s.side})`).join(' vs ');
  const pad = entry?.online?.pad;
  const board =
    view === undefined
      ? [h(Text, { key: 'wait' }, `Loading move ${at}...`)]
      : pad
        ? pad
            .lines(view, pad.start(view), theme, false, true, -1)
            .map((line, i) => renderLine(line, theme, i))
        : (entry?.rules.toText(view, { names: show.players }) ?? '')
            .replace(/\n+$/, '')
            .split('\n')
            .map((line, i) => h(Text, { key: i, wrap: 'truncate' }, line));
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true, wrap: 'truncate' }, `Replay: ${show.title} #${id}  ${players}`),
    h(Text, { wrap: 'truncate' }, `Result: ${resultText(show) || 'not over yet'}`),
    ...board,
    h(Text, { bold: true, wrap: 'truncate' }, replayCaption(at, replay.moves)),
    ...(finished
      ? [h(Text, { key: 'analysis', wrap: 'truncate' }, analysisLine(analysis, at, show.players))]
      : []),
    h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, '← → a move  Home End (g G) start, end  q back'),
  );
}
