/**
 * Open challenges by PBeM: `<game> seek`, `<game> seeks`, `<game> play` (quick pairing), and the
 * server's `seeks`, `take` and `unseek`.
 */
import { type SeekBody, type SeekView, seekTerms } from '../../api/index.ts';
import { formatRating } from '../../engine/index.ts';
import type { Service } from '../service/index.ts';
import { pbmName, showText } from '../text/index.ts';
import type { PasswordCheck } from './context.ts';
import type { GameCommand } from './game-command.ts';
import { parseFlags } from './play.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

export const SEEK_HELP = (name: string): string[] => [
  `  ${name} seek [-options] [-time=3d] [-unrated] [-first|-second] [-range=1400-1600] userid password`,
  '                                    an open challenge anyone may take (seats drawn unless -first/-second)',
  `  ${name} seeks [userid]            open challenges (those userid may take)`,
  `  ${name} play [-time=3d] userid password   play someone: take the nearest-rated open challenge, or post one`,
];
export const SERVER_SEEK_HELP = [
  '  seeks [userid]                    open challenges of every game (those userid may take)',
  '  take id userid password           take open challenge id: its game begins at once',
  '  unseek id userid password         cancel your open challenge id',
];

/** The seek's own flags out of the words, the rest left for the game's options. */
function seekFlags(words: readonly string[]): (Partial<SeekBody> & { rest: string[] }) | string {
  const terms: Partial<SeekBody> & { rest: string[] } = { rest: [] };
  const mutable = terms as { -readonly [K in keyof SeekBody]?: SeekBody[K] } & { rest: string[] };
  for (const word of words) {
    const lower = word.toLowerCase();
    const range = /^-range=(\d{1,4})?-(\d{1,4})?$/.exec(lower);
    if (lower.startsWith('-time=')) mutable.timeControl = word.slice('-time='.length);
    else if (lower === '-rated' || lower === '-unrated') mutable.rated = lower === '-rated';
    else if (lower === '-first' || lower === '-second' || lower === '-random')
      mutable.seat = lower.slice(1) as SeekBody['seat'];
    else if (lower.startsWith('-range=')) {
      if (!range || (range[1] === undefined && range[2] === undefined))
        return `"${word.slice(0, 30)}" is not a rating range: write -range=1400-1600, -range=1400- or -range=-1600`;
      if (range[1] !== undefined) mutable.minRating = Number(range[1]);
      if (range[2] !== undefined) mutable.maxRating = Number(range[2]);
    } else terms.rest.push(word);
  }
  return terms;
}

/** The open list in lines. */
function seekLines(seeks: readonly SeekView[], empty: string): string {
  if (seeks.length === 0) return empty;
  return [
    'Open challenges (take one with: take ID userid password):',
    ...seeks.map((s) => `  ${String(s.id).padStart(5)}  ${s.user} (${formatRating(s)})  ${seekTerms(s)}`),
  ].join('\n');
}

/** `<game> seek [-flags] userid password`. */
export async function seekCommand({ service, game, args, verify }: GameCommand): Promise<PbmReply> {
  const name = pbmName(game);
  const flags = seekFlags(args.filter((a) => a.startsWith('-')));
  if (typeof flags === 'string') return error(flags);
  const plain = args.filter((a) => !a.startsWith('-'));
  if (plain.length !== 2) return error(`usage: ${name} seek [-options] [-time=3d] userid password`);
  const options = parseFlags(game, flags.rest);
  if (typeof options === 'string') return error(options);
  const user = await verify(plain[0] as string, plain[1] as string);
  if (!user.ok) return failed(user);
  const { rest: _, ...terms } = flags;
  const posted = await service.postSeek(user.value, {
    ...terms,
    gameType: game.id,
    options: options.options,
  });
  if (!posted.ok) return failed(posted);
  return said(
    `Open challenge ${posted.value.id} posted: ${seekTerms(posted.value)}.\nIt stays open for a week; cancel it with: unseek ${posted.value.id} ${user.value} password`,
  );
}

/** `<game> seeks [userid]`. */
export async function gameSeeksCommand({ service, game, args }: GameCommand): Promise<PbmReply> {
  const listed = await service.seeks(args[0] ?? null, { gameType: game.id });
  if (!listed.ok) return failed(listed);
  const name = pbmName(game);
  return said(
    seekLines(
      listed.value.open,
      `No open ${game.title} challenges. Post one with: ${name} seek userid password, or: ${name} play userid password`,
    ),
  );
}

/** `<game> play [-time=3d] userid password`: quick pairing. */
export async function playCommand({ service, game, args, verify }: GameCommand): Promise<PbmReply> {
  const time = args.find((a) => /^-time=/i.test(a));
  const plain = args.filter((a) => a !== time);
  if (plain.length !== 2) return error(`usage: ${pbmName(game)} play [-time=3d] userid password`);
  const user = await verify(plain[0] as string, plain[1] as string);
  if (!user.ok) return failed(user);
  const paired = await service.quickPair(user.value, game.id, time?.slice('-time='.length));
  if (!paired.ok) return failed(paired);
  if (!paired.value.paired)
    return said(
      `No one was waiting: open challenge ${paired.value.seek.id} posted (${seekTerms(paired.value.seek)}).\nYou will be told when someone takes it.`,
    );
  return gameBegun(service, user.value, paired.value.gameId);
}

async function gameBegun(service: Service, user: string, gameId: number): Promise<PbmReply> {
  const shown = await service.show(user, gameId);
  if (!shown.ok) return failed(shown);
  const opponent = shown.value.players.find((p) => p !== user) ?? 'someone';
  return said(
    `Paired with ${opponent}: ${shown.value.title} game ${gameId} begins.\n${showText(shown.value)}`,
  );
}

/** The server's `seeks [userid]`, `take id userid password` and `unseek id userid password`. */
export async function serverSeekCommand(
  service: Service,
  verify: PasswordCheck,
  command: 'seeks' | 'take' | 'unseek',
  args: readonly string[],
): Promise<PbmReply> {
  if (command === 'seeks') {
    const listed = await service.seeks(args[0] ?? null);
    if (!listed.ok) return failed(listed);
    return said(
      seekLines(listed.value.open, 'No open challenges. Post one with: <game> seek userid password'),
    );
  }
  const [idText = '', userText, password, ...extra] = args;
  if (!/^\d{1,9}$/.test(idText) || password === undefined || userText === undefined || extra.length > 0)
    return error(`usage: ${command} id userid password`);
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  if (command === 'unseek') {
    const cancelled = await service.cancelSeek(user.value, Number(idText));
    return cancelled.ok ? said(`Open challenge ${idText} cancelled.`) : failed(cancelled);
  }
  const made = await service.takeSeek(user.value, Number(idText));
  if (!made.ok) return failed(made);
  return gameBegun(service, user.value, made.value.id);
}
