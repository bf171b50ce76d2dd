/** PBeM help: the commands of the server, and those of one game with its options. */
import type { AnyGame } from '../../games/index.ts';
import { pbmName } from '../text/index.ts';
import { ANALYSE_HELP } from './analyse.ts';
import { BLOCK_HELP } from './blocks.ts';
import { DAILY_HELP } from './daily.ts';
import { MAIL_HELP } from './mail.ts';
import { SEEK_HELP, SERVER_SEEK_HELP } from './seeks.ts';
import { TAKEBACK_HELP } from './takeback.ts';
import { TOURNAMENT_USAGE } from './tournament.ts';

export function generalHelp(games: Readonly<Record<string, AnyGame>>, mail: boolean): string {
  return [
    'Tessera PBeM commands:',
    ...(mail ? MAIL_HELP : ['  signup userid password']),
    '  password userid oldpassword newpassword',
    '  vacation userid password [days]   stop your clocks for that many days (without: days left)',
    ...BLOCK_HELP,
    ...DAILY_HELP,
    ...SERVER_SEEK_HELP,
    ...TOURNAMENT_USAGE,
    '  <game> help',
    `Games: ${Object.values(games).map(pbmName).join(', ')}`,
  ].join('\n');
}

export function gameHelp(game: AnyGame, hasBot: boolean): string {
  const name = pbmName(game);
  return [
    `${game.title} commands (game name ${name}, any case):`,
    `  ${name} challenge [-options] [-time=3d] userid1 userid2 password   userid1 moves first; your password`,
    `  ${name} move board userid password move[#moveno]`,
    `  ${name} swap board userid password`,
    `  ${name} queue board userid password move [move ...]   or: queue ... clear`,
    `  ${name} resign board userid password`,
    `  ${name} decline board userid password                  before you have moved: void the game`,
    `  ${name} cancel board userid password                   your challenge, before it is answered`,
    `  ${name} reject userid password [on|off]                 refuse all ${name} challenges`,
    ...SEEK_HELP(name),
    ...TAKEBACK_HELP(name),
    ...(game.ai?.evaluate ? ANALYSE_HELP(name) : []),
    `  ${name} chat board userid password message ...`,
    `  ${name} show board[#moveno] [-compact] [-from=move]   moves listed from that one`,
    `  ${name} games userid [all|active|inactive|next|challenges]`,
    `  ${name} standings | ratings | history`,
    `Options: -name=value sets a rule option (defaults: ${JSON.stringify(game.parseOptions(undefined).ok ? (game.parseOptions(undefined) as { value: unknown }).value : {})}),`,
    '  -word picks that value of a named option (e.g. -patch), -compact draws the small board.',
    '  -time=Nd gives each move N days (1, 2, 3, 5, 7 or 14); -time=Nd+Md adds a time bank of up to M days.',
    hasBot ? '  Challenge the user "computer" to play the computer.' : '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}
