/** The service: accounts, challenges, moves, games shown and listed, chat, takebacks, profiles and computer players, authorised. */
export { createBots } from './bots.ts';
export type { Reply } from './context.ts';
export { profileService } from './profiles.ts';
export { createService, type EndedSessions, MAX_ACTIVE_GAMES, type Service } from './service.ts';
