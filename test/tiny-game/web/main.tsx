// The browser client with one game more: Tiny Nim, added here and nowhere else.
import { WEB_GAMES } from '../../../src/web/games.ts';
import { startWeb } from '../../../src/web/start.tsx';
import { tinyWeb } from './tiny-web.tsx';

startWeb({ ...WEB_GAMES, tiny: tinyWeb });
