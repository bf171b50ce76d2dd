/** The daily Sigmar board raced by everyone: results proved by replay, timed by the server, and the boards. */
export { createDaily, type Daily, type DailyOptions } from './daily.ts';
export { dayAt, isDay, streaks, weekOf } from './days.ts';
export { dailyBoardText, dailyRecordText, dailyWeekText } from './text.ts';
export { dailyState, verifyClear } from './verify.ts';
