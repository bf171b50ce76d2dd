/**
 * Today's daily Sigmar board raced from the terminal, logged in: the first move starts the
 * server's clock, a hint is counted by the server before it is shown, and clearing the board sends
 * its moves, which the server replays before it records the place; the day's first places follow.
 */
import { createElement as h, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DailyAccepted,
  type DailyBoard,
  type DailyMine,
  type DailySession,
  hintsText,
  raceTime,
} from '../../api/index.ts';
import { dailySeed, type SigmarState, sigmar } from '../../games/sigmar/index.ts';
import { type SigmarRace, SigmarScreen } from '../sigmar-screen.ts';
import type { Theme } from '../theme.ts';
import type { Client } from './api.ts';

/** Places shown under the board once it is cleared. */
const PLACES_SHOWN = 5;

const placesText = (board: DailyBoard): string =>
  board.places
    .slice(0, PLACES_SHOWN)
    .map(
      (p) =>
        `${String(p.place).padStart(3)}. ${p.user.padEnd(20)} ${hintsText(p.hints).padEnd(9)} ${raceTime(p.timeMs)}`,
    )
    .join('\n');

const notRecorded = (e: unknown) =>
  `Your result was not recorded: ${e instanceof Error ? e.message : String(e)}.`;

export function DailyRaceScreen({
  client,
  theme,
  onExit,
}: {
  client: Client;
  theme: Theme;
  onExit: () => void;
}) {
  const today = useMemo(() => new Date().toISOString().slice(0, 10), []);
  const [line, setLine] = useState('Daily race: asking the server...');
  const mine = useRef<DailySession | null | undefined>(undefined);
  const sent = useRef(false);
  const failed = (e: unknown) =>
    setLine(`Your result was not recorded: ${e instanceof Error ? e.message : String(e)}.`);

  useEffect(() => {
    client.request<DailyMine>('GET', `/api/daily/${today}/mine`).then(
      ({ session }) => {
        mine.current = session;
        setLine(
          session?.cleared
            ? `You have cleared the daily board of ${today}: ${raceTime(session.timeMs ?? 0)}, ${hintsText(session.hints)}. Play it again for fun: nothing more is sent.`
            : `Daily race of ${today}: your clock starts at your first move; hints are counted.`,
        );
      },
      (e: unknown) => setLine(notRecorded(e)),
    );
  }, [client, today]);

  const start = async () => {
    if (mine.current) return;
    mine.current = await client.request<DailySession>('POST', '/api/daily/start', { date: today });
  };

  const race: SigmarRace = {
    line,
    moved: (moves: readonly string[], state: SigmarState) => {
      if (mine.current === undefined || mine.current?.cleared || sent.current) return;
      const won = sigmar.outcome(state)?.kind === 'win';
      if (won) sent.current = true;
      (async () => {
        await start();
        if (!won)
          return setLine(
            `Daily race of ${today}: your clock is running. Hints so far: ${mine.current?.hints ?? 0}.`,
          );
        const accepted = await client.request<DailyAccepted>('POST', '/api/daily/result', {
          date: today,
          moves,
        });
        const { place, timeMs, hints } = accepted.result;
        mine.current = { date: today, startedAt: 0, hints, cleared: true, timeMs };
        setLine(
          `You placed ${place} of ${accepted.board.cleared}: ${raceTime(timeMs)}, ${hintsText(hints)}.\n${placesText(accepted.board)}`,
        );
      })().catch((e: unknown) => {
        sent.current = false;
        failed(e);
      });
    },
    beforeHint: async () => {
      if (mine.current === undefined || mine.current?.cleared) return null;
      try {
        mine.current = await client.request<DailySession>('POST', '/api/daily/hint', { date: today });
        setLine(`Daily race of ${today}: your clock is running. Hints so far: ${mine.current.hints}.`);
        return null;
      } catch (e) {
        return `The hint was not counted, so it is not shown: ${e instanceof Error ? e.message : String(e)}.`;
      }
    },
  };
  return h(SigmarScreen, { setup: { seed: dailySeed(today) }, theme, onExit, race });
}
