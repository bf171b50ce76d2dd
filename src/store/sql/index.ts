/** Each area of the store (but games, ../game-store/) over the SQL surface, and the writes the game store makes in their tables inside its commits. */
export { sqlAccountStore } from './accounts.ts';
export { sqlAnalysisStore } from './analyses.ts';
export { sqlBlockStore } from './blocks.ts';
export { sqlBudgetStore } from './budgets.ts';
export { insertClock, sqlClockStore } from './clocks.ts';
export { sqlDailyStore } from './daily.ts';
export { type GameRow, toRecord, WITHOUT_STATE } from './game-rows.ts';
export { sqlIntricacyAccountStore } from './intricacy-account.ts';
export { type KnownSessions, knownSessions } from './known-sessions.ts';
export { sqlLessonStore } from './lessons.ts';
export { insertMail, insertNotice, insertOpponentNotices, sqlMailStore } from './mail.ts';
export { sqlMailInStore } from './mail-in.ts';
export { sqlMetagameStore } from './metagame.ts';
export {
  firstPlayerScore,
  type RatingDbRow,
  recordRatingChanges,
  replayRatings,
  sqlProfileStore,
  toRating,
} from './profiles.ts';
export { claimSeek, sqlSeekStore } from './seeks.ts';
export { recordTakeback, sqlTakebackStore } from './takebacks.ts';
export { sqlTournamentStore } from './tournaments.ts';
