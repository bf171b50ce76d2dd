import { WEB_GAMES } from './games.ts';
import { startWeb } from './start.tsx';

startWeb(WEB_GAMES);
