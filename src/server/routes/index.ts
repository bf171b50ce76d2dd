/** The route plugins, one per area, each registered by app.ts with the context it needs. */

export { accountRoutes } from './accounts.ts';
export { analysisRoutes } from './analysis.ts';
export { blockRoutes } from './blocks.ts';
export { dailyRoutes } from './daily.ts';
export { gameRoutes } from './games.ts';
export { intricacyAccountRoutes } from './intricacy-account.ts';
export { lessonRoutes } from './lessons.ts';
export { mailRoutes } from './mail.ts';
export { pbmRoutes } from './pbm.ts';
export { playerRoutes } from './players.ts';
export { seekRoutes } from './seeks.ts';
export { takebackRoutes } from './takebacks.ts';
export { tournamentRoutes } from './tournaments.ts';
export { serveWeb } from './web.ts';
export { liveRoutes } from './websocket.ts';
