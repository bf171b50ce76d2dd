/** The service: accounts, challenges, games, takebacks, profiles, clocks and computer players, authorised. */
export { createBots } from './bots.ts';
export { createClockKeeper } from './clocks.ts';
export { profileService } from './profiles.ts';
export { createService, type EndedSessions, type Reply, type Service } from './service.ts';
