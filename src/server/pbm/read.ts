/** Reading by PBeM: a board as of any move, a player's games, finished games, standings and ratings. */
import { formatRating, PROVISIONAL_DEVIATION } from '../../engine/index.ts';
import { LIST_FILTERS, type ListFilter } from '../../store/index.ts';
import { listText, showText } from '../text/index.ts';
import { boardAndMove, type GameCommand } from './game-command.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

/** `show board[#moveno] [-compact] [-from=move]`. */
export async function showCommand({ service, args, need, ofGame }: GameCommand): Promise<PbmReply> {
  const missing = need(1, 'board[#moveno] [-compact] [-from=move]');
  if (missing) return error(missing);
  const target = boardAndMove(args[0] as string);
  if (typeof target === 'string') return error(target);
  const wrongGame = await ofGame(target.board);
  if (wrongGame) return failed(wrongGame);
  const compact = args.slice(1).some((a) => a.toLowerCase() === '-compact');
  const from = args
    .slice(1)
    .map((a) => /^-from=(\d{1,9})$/i.exec(a)?.[1])
    .find((n) => n !== undefined);
  const shown = await service.show(null, target.board, {
    ...(target.moveNo === undefined ? {} : { at: target.moveNo }),
    ...(compact ? { compact } : {}),
    ...(from === undefined ? {} : { from: Number(from) }),
  });
  if (!shown.ok) return failed(shown);
  return said(showText(shown.value));
}

/** `games userid [all|active|inactive|next|challenges]`. */
export async function gamesCommand({ service, game, args, need }: GameCommand): Promise<PbmReply> {
  const missing = need(1, 'userid [all|active|inactive|next|challenges]');
  if (missing) return error(missing);
  const filter = (args[1] ?? 'all').toLowerCase() as ListFilter;
  if (!LIST_FILTERS.includes(filter)) return error(`the list is one of ${LIST_FILTERS.join(', ')}`);
  const listed = await service.list(args[0] as string, filter, game.id);
  if (!listed.ok) return failed(listed);
  return said(
    listText(
      `${game.title} games of ${(args[0] as string).toLowerCase()} (${filter})`,
      listed.value,
      (args[0] as string).toLowerCase(),
    ),
  );
}

/** `history`: the finished games of this type, latest first. */
export async function historyCommand({ service, game }: GameCommand): Promise<PbmReply> {
  const listed = await service.history(game.id);
  if (!listed.ok) return failed(listed);
  return said(listText(`${game.title}: finished games, latest first`, listed.value));
}

const RATING_LEGEND = `± the deviation; ? provisional, deviation over ${PROVISIONAL_DEVIATION}`;

/** `standings` (with games won, lost and drawn) or `ratings`. */
export async function standingsCommand({ service, game, command }: GameCommand): Promise<PbmReply> {
  const table = await service.standings(game.id);
  if (!table.ok) return failed(table);
  if (table.value.length === 0) return said(`${game.title}: no rated games yet.`);
  if (command === 'ratings') {
    return said(
      [
        `${game.title} ratings (${RATING_LEGEND}):`,
        ...table.value.map((r) => `  ${r.user.padEnd(20)} ${formatRating(r)}`),
      ].join('\n'),
    );
  }
  return said(
    [
      `${game.title} standings (${RATING_LEGEND}):`,
      `Rank  ${'Player'.padEnd(20)}  ${'Rating'.padEnd(9)}  Games   Won  Lost  Drawn`,
      ...table.value.map(
        (r, i) =>
          `${String(i + 1).padStart(4)}  ${r.user.padEnd(20)}  ${formatRating(r).padEnd(9)}  ${String(r.games).padStart(5)} ${String(r.wins).padStart(5)} ${String(r.losses).padStart(5)} ${String(r.draws).padStart(6)}`,
      ),
    ].join('\n'),
  );
}
