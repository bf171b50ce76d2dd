/** Playing a game by PBeM: a challenge, a move or a swap, a queue of moves, resigning or declining, chat. */
import type { MoveTaken } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Service } from '../service/index.ts';
import { pbmName, showText, statusLine } from '../text/index.ts';
import type { GameCommand } from './game-command.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';
import { isTakebackWord, takebackCommand } from './takeback.ts';

/** Rule options from PBeM flags, with no game-specific code: see gameHelp. */
export function parseFlags(
  game: AnyGame,
  flags: readonly string[],
): { options: Record<string, unknown> } | string {
  const defaults = game.parseOptions(undefined);
  const base =
    defaults.ok && typeof defaults.value === 'object' ? (defaults.value as Record<string, unknown>) : {};
  const options: Record<string, unknown> = {};
  for (const flag of flags) {
    const m = /^-([A-Za-z][A-Za-z0-9]*)(?:=(.{1,40}))?$/.exec(flag);
    if (!m) return `"${flag.slice(0, 40)}" is not an option: write -name=value or -word`;
    const name = (m[1] as string).toLowerCase();
    const value = m[2];
    if (name === 'compact' && value === undefined) {
      options.compact = true;
    } else if (value !== undefined) {
      options[name] = /^-?\d{1,9}$/.test(value) ? Number(value) : value.toLowerCase();
    } else {
      const key = Object.keys(base).find(
        (k) => typeof base[k] === 'string' && game.parseOptions({ ...base, [k]: name }).ok,
      );
      if (!key) return `unknown option -${name}`;
      options[key] = name;
    }
  }
  return { options };
}

/** `challenge [-options] [-time=3d] userid1 userid2 password`: a new game. */
export async function challengeCommand({ service, game, args, verify }: GameCommand): Promise<PbmReply> {
  const timeFlag = args.find((a) => /^-time=/i.test(a));
  const flags = args.filter((a) => a.startsWith('-') && a !== timeFlag);
  const plain = args.filter((a) => !a.startsWith('-'));
  if (plain.length !== 3)
    return error(`usage: ${pbmName(game)} challenge [-options] userid1 userid2 password`);
  const parsed = parseFlags(game, flags);
  if (typeof parsed === 'string') return error(parsed);
  const [u1, u2, password] = plain as [string, string, string];
  // The password is the challenger's: whichever of the two players it belongs to.
  let by = await verify(u1, password);
  if (!by.ok && by.code !== 'rate-limited' && u2.toLowerCase() !== 'computer')
    by = await verify(u2, password);
  if (!by.ok) return error(`${by.error} (give the challenger's password)`, by.code);
  const made = await service.challenge(
    by.value,
    game.id,
    [u1, u2],
    parsed.options,
    timeFlag?.slice('-time='.length),
  );
  if (!made.ok) return failed(made);
  const shown = await service.show(by.value, made.value.id);
  if (!shown.ok) return failed(shown);
  return said(`Challenge accepted: ${game.title} game ${made.value.id} created.\n${showText(shown.value)}`);
}

/** `move board userid password move[#moveno]` and `swap board userid password`. */
export async function moveCommand({ service, game, command, boardUser }: GameCommand): Promise<PbmReply> {
  const usage = command === 'swap' ? 'board userid password' : 'board userid password move[#moveno]';
  const target = await boardUser(command === 'swap' ? 3 : 4, usage);
  if (!target.ok) return target;
  // As on the PBeM server, a takeback may be spoken as a move: move board userid password accept.
  if (command === 'move' && isTakebackWord(target.more[0]))
    return takebackCommand(
      service,
      target.user,
      target.board,
      target.more[0],
      target.more.slice(1),
      pbmName(game),
    );
  let text = command === 'swap' ? 'swap' : target.more.join(' ');
  let moveNo = target.moveNo;
  const hash = /^(.*?)\s*#\s*(\d{1,9})$/.exec(text);
  if (hash) {
    text = hash[1] as string;
    moveNo = Number(hash[2]);
  }
  const taken = await service.move(target.user, target.board, text, moveNo);
  if (!taken.ok) return failed(taken);
  return said(await afterMoves(service, target.user, taken.value));
}

/** `queue board userid password move [move ...]`, or `… clear`. */
export async function queueCommand({ service, boardUser }: GameCommand): Promise<PbmReply> {
  const target = await boardUser(4, 'board userid password move [move ...] | clear');
  if (!target.ok) return target;
  if (target.more.length === 1 && target.more[0]?.toLowerCase() === 'clear') {
    const cleared = await service.clearQueue(target.user, target.board);
    return cleared.ok ? said(`Your queue for game ${target.board} is empty.`) : failed(cleared);
  }
  const queued = await service.queue(target.user, target.board, target.more);
  if (!queued.ok) return failed(queued);
  const shown = await service.show(target.user, target.board);
  const left = shown.ok ? (shown.value.private?.queue ?? []) : [];
  const head = `Queued for game ${target.board}: ${left.length > 0 ? left.join(' ') : '(nothing left)'}.`;
  return said(
    queued.value.moves.length > 0 || queued.value.dropped.length > 0
      ? `${head}\n${await afterMoves(service, target.user, queued.value)}`
      : head,
  );
}

/** `resign` or `decline board userid password`. */
export async function endCommand({ service, command, boardUser }: GameCommand): Promise<PbmReply> {
  const target = await boardUser(3, 'board userid password');
  if (!target.ok) return target;
  const ended =
    command === 'resign'
      ? await service.resign(target.user, target.board)
      : await service.decline(target.user, target.board);
  if (!ended.ok) return failed(ended);
  const shown = await service.show(target.user, target.board);
  return said(shown.ok ? showText(shown.value) : statusLine(service.summary(ended.value)));
}

/** `chat board userid password message ...`: the line written, then the game's chat. */
export async function chatCommand({ service, boardUser }: GameCommand): Promise<PbmReply> {
  const target = await boardUser(4, 'board userid password message ...');
  if (!target.ok) return target;
  const line = await service.chat(target.user, target.board, target.more.join(' '));
  if (!line.ok) return failed(line);
  const lines = await service.readChat(target.user, target.board);
  return said(
    `Chat on game ${target.board}:\n${(lines.ok ? lines.value : []).map((c) => `${c.user}: ${c.text}`).join('\n')}`,
  );
}

/** What moves did, in words, and the board after them. */
export async function afterMoves(service: Service, viewer: string, taken: MoveTaken): Promise<string> {
  const game = taken.game;
  const shown = await service.show(viewer, game.id);
  const lines = taken.moves.map(
    (m) =>
      `${game.players[m.seat]} played ${m.text}${m.auto ? ' (from the queue)' : ''} as move ${m.moveNo}.`,
  );
  for (const d of taken.dropped) {
    lines.push(
      `${game.players[d.seat]}'s queued move ${d.move} was dropped (${d.error}); that queue is now empty.`,
    );
  }
  if (shown.ok) lines.push(showText(shown.value));
  return lines.join('\n');
}
