/** The daily boards in plain text, for PBeM replies and the terminal: a day's places and a week's. */
import { type DailyBoard, type DailyRecord, type DailyWeek, hintsText, raceTime } from '../../api/index.ts';

const row = (place: number, user: string, rest: string) =>
  `${String(place).padStart(3)}. ${user.padEnd(20)} ${rest}`;

export function dailyBoardText(board: DailyBoard): string {
  const head = `Daily Sigmar board of ${board.date} (UTC): ${board.started} started, ${board.cleared} cleared.`;
  if (board.places.length === 0) return `${head}\nNo one has cleared it yet.`;
  const lines = board.places.map((p) =>
    row(p.place, p.user, `${hintsText(p.hints).padEnd(9)} ${raceTime(p.timeMs)}`),
  );
  return [head, ...lines].join('\n');
}

export function dailyWeekText(week: DailyWeek): string {
  const head = `Daily Sigmar boards of the week ${week.first} to ${week.last} (UTC):`;
  if (week.places.length === 0) return `${head}\nNo one has cleared a board that week yet.`;
  const lines = week.places.map((p) =>
    row(p.place, p.user, `${p.cleared} cleared, ${hintsText(p.hints)}, ${raceTime(p.timeMs)}`),
  );
  return [head, ...lines].join('\n');
}

export const dailyRecordText = (r: DailyRecord): string =>
  `${r.user}: ${r.solved} daily boards cleared; streak ${r.streak} (best ${r.bestStreak})${r.clearedToday ? ', today cleared' : ''}.`;
