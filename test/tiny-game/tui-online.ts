/** The terminal online client with Tiny Nim added: `node test/tiny-game/tui-online.ts SERVER_URL`. */
import { runOnline } from '../../src/tui/online/index.ts';
import { tinyTui } from './tui.ts';

await runOnline(process.argv[2] ?? 'http://127.0.0.1:8080', [tinyTui]);
