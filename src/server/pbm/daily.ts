/**
 * `daily [date]`, `daily week [date]` and `daily player userid`: the daily Sigmar board's
 * leaderboards and a player's streak in text. Results are sent from the web page, which proves
 * them by the moves; by mail one only reads the boards.
 */
import type { Store } from '../../store/index.ts';
import { createDaily, dailyBoardText, dailyRecordText, dailyWeekText } from '../daily/index.ts';
import { failed, type PbmReply, refused, said } from './reply.ts';

export const DAILY_HELP = [
  '  daily [date]                       the daily Sigmar board of a day (YYYY-MM-DD, default today, UTC)',
  '  daily week [date]                  the week of daily boards holding that day',
  "  daily player userid                a player's daily boards cleared and streak",
];

export async function dailyCommand(
  store: Store,
  args: readonly string[],
  now: () => number,
): Promise<PbmReply> {
  const daily = createDaily({ store, now });
  const [first = 'today', second, ...more] = args.map((a) => a.toLowerCase());
  if (first === 'player' && second !== undefined && more.length === 0) {
    if (!(await store.getUser(second)))
      return refused(`there is no player called ${second.slice(0, 20)}`, 'not-found');
    return said(dailyRecordText(await daily.record(second)));
  }
  if (first === 'week' && more.length === 0) {
    const week = await daily.week(second ?? 'today');
    return week.ok ? said(dailyWeekText(week.value)) : failed(week);
  }
  if (second !== undefined || first === 'player')
    return refused('daily takes a date, "week [date]" or "player userid"; try "help"');
  const board = await daily.board(first);
  return board.ok ? said(dailyBoardText(board.value)) : failed(board);
}
