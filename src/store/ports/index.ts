/** The store's ports: each area's interface (what the rest of the server may ask of it) and `Store`, all of them. */
export type * from './accounts.ts';
export type * from './analyses.ts';
export type * from './budgets.ts';
export type * from './clocks.ts';
export type * from './games.ts';
export { LIST_FILTERS, SNAPSHOT_EVERY } from './games.ts';
export type * from './intricacy-account.ts';
export type * from './lessons.ts';
export type * from './mail.ts';
export { NOTIFY_CHOICES } from './mail.ts';
export type * from './mail-in.ts';
export type * from './metagame.ts';
export type * from './profiles.ts';
export type * from './signals.ts';
export { NO_SIGNALS } from './signals.ts';
export type * from './store.ts';
export type * from './takebacks.ts';
export type * from './tournaments.ts';
