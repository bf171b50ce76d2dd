/**
 * Tournaments by PBeM: `tournament list | show ID | create | join ID | leave ID`. The words and
 * the tables answer in plain text, as the web page shows them (docs/tournaments.md).
 */
import { formatPoints as half, type TournamentLine, type TournamentView } from '../../api/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { TournamentService } from '../tournaments/index.ts';
import type { PasswordCheck } from './context.ts';
import { parseFlags } from './play.ts';
import { refused as error, failed, type PbmReply, said } from './reply.ts';

export const TOURNAMENT_USAGE = [
  '  tournament list [open|running|finished|cancelled]',
  '  tournament show id',
  '  tournament create userid password game round-robin|swiss players [-options] [-time=3d]',
  '      [-rounds=n] [-unrated] [-start=yyyy-mm-dd] [-deadline=days] [-name=words_with_underscores]',
  '  tournament join id userid password',
  '  tournament leave id userid password   (before it starts)',
];

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function lineText(t: TournamentLine): string {
  const when =
    t.state === 'open'
      ? t.startsAt === null
        ? 'starts when full'
        : `starts ${date(t.startsAt)}`
      : t.state === 'running'
        ? `round ${t.roundsPaired} of ${t.rounds}`
        : t.state;
  return `  #${t.id} ${t.name}: ${t.title}, ${t.format === 'swiss' ? `Swiss of ${t.rounds} rounds` : 'round robin'}, ${t.players}/${t.maxPlayers} players, ${t.timeControl}${t.rated ? ', rated' : ''}, ${when}`;
}

export function tournamentText(t: TournamentView): string {
  const lines = [
    `Tournament ${t.id}: ${t.name}`,
    lineText(t)
      .trim()
      .replace(/^#\d+ [^:]*: /, ''),
    '',
  ];
  lines.push(`Entrants: ${t.entrants.join(', ') || 'none yet'}`);
  if (t.state === 'open') return lines.join('\n');
  lines.push('', 'Standings (points, Sonneborn-Berger, Buchholz):');
  for (const s of t.standings)
    lines.push(
      `  ${String(s.rank).padStart(2)}. ${s.player.padEnd(20)} ${half(s.points).padStart(4)}  SB ${half(s.sonnebornBerger)}  Bh ${half(s.buchholz)}`,
    );
  for (const round of t.paired) {
    lines.push(
      '',
      `Round ${round.round}${round.deadline === null ? '' : ` (deadline ${date(round.deadline)})`}:`,
    );
    for (const b of t.boards.filter((x) => x.round === round.round)) {
      if (b.second === null) {
        lines.push(`  ${b.first}: bye`);
        continue;
      }
      const result = b.voided
        ? 'void'
        : b.firstScore === null
          ? 'playing'
          : `${half(b.firstScore)}-${half(1 - b.firstScore)}`;
      lines.push(`  game ${b.gameId}: ${b.first} - ${b.second}  ${result}`);
    }
  }
  return lines.join('\n');
}

/** `-start=2027-01-31` as milliseconds, or a sentence. */
function parseStart(text: string): number | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const at = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  return Number.isFinite(at) ? at : `"${text.slice(0, 20)}" is not a date: write -start=yyyy-mm-dd`;
}

async function create(
  tournaments: TournamentService,
  findGame: (name: string) => AnyGame | undefined,
  verify: PasswordCheck,
  args: readonly string[],
): Promise<PbmReply> {
  const plain = args.filter((a) => !a.startsWith('-'));
  const flags = args.filter((a) => a.startsWith('-'));
  if (plain.length !== 5) return error(`usage:\n${TOURNAMENT_USAGE[2]}\n${TOURNAMENT_USAGE[3]}`);
  const [userText, password, gameName, formatText, playersText] = plain as [
    string,
    string,
    string,
    string,
    string,
  ];
  const game = findGame(gameName);
  if (!game) return error(`there is no game called ${gameName.slice(0, 30)}`);
  const format = formatText.toLowerCase();
  if (format !== 'swiss' && format !== 'round-robin') return error('the format is round-robin or swiss');
  if (!/^\d{1,3}$/.test(playersText))
    return error(`"${playersText.slice(0, 20)}" is not a number of players`);
  const own = (name: string) => flags.find((f) => f.toLowerCase().startsWith(`-${name}`));
  const mine = ['time', 'rounds', 'unrated', 'start', 'deadline', 'name'].map(own);
  const parsed = parseFlags(
    game,
    flags.filter((f) => !mine.includes(f)),
  );
  if (typeof parsed === 'string') return error(parsed);
  const value = (flag: string | undefined) => flag?.slice(flag.indexOf('=') + 1);
  const [time, rounds, unrated, start, deadline, name] = mine.map(value);
  for (const [flag, text] of [
    ['rounds', rounds],
    ['deadline', deadline],
  ] as const)
    if (text !== undefined && !/^\d{1,3}$/.test(text)) return error(`-${flag}= takes a number`);
  const startsAt = start === undefined ? undefined : parseStart(start);
  if (typeof startsAt === 'string') return error(startsAt);
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  const made = await tournaments.create(user.value, {
    gameType: game.id,
    format,
    maxPlayers: Number(playersText),
    options: parsed.options,
    ...(name === undefined ? {} : { name: name.replace(/_/g, ' ') }),
    ...(time === undefined ? {} : { timeControl: time }),
    ...(rounds === undefined ? {} : { rounds: Number(rounds) }),
    ...(unrated === undefined ? {} : { rated: false }),
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(deadline === undefined ? {} : { roundDays: Number(deadline) }),
  });
  if (!made.ok) return failed(made);
  return said(
    `Created tournament ${made.value.id}. Enter it with: tournament join ${made.value.id} ${user.value} PASSWORD\n\n${tournamentText(made.value)}`,
  );
}

export async function tournamentCommand(
  tournaments: TournamentService | undefined,
  findGame: (name: string) => AnyGame | undefined,
  verify: PasswordCheck,
  args: readonly string[],
): Promise<PbmReply> {
  if (!tournaments) return error('this server runs no tournaments', 'not-found');
  const [verbText = 'list', ...rest] = args;
  const verb = verbText.toLowerCase();
  if (verb === 'list') {
    const state = rest[0]?.toLowerCase();
    if (state !== undefined && !['open', 'running', 'finished', 'cancelled'].includes(state))
      return error('list open, running, finished or cancelled tournaments, or all of them');
    const listed = await tournaments.list(state ? { state: state as TournamentLine['state'] } : {});
    if (!listed.ok) return failed(listed);
    return said(
      listed.value.length ? `Tournaments:\n${listed.value.map(lineText).join('\n')}` : 'No tournaments.',
    );
  }
  if (verb === 'create') return create(tournaments, findGame, verify, rest);
  const [idText = '', userText, password] = rest;
  if (!/^\d{1,9}$/.test(idText)) return error(`usage:\n${TOURNAMENT_USAGE.join('\n')}`);
  const id = Number(idText);
  if (verb === 'show') {
    const shown = await tournaments.show(id);
    return shown.ok ? said(tournamentText(shown.value)) : failed(shown);
  }
  if (verb !== 'join' && verb !== 'leave') return error(`usage:\n${TOURNAMENT_USAGE.join('\n')}`);
  if (userText === undefined || password === undefined || rest.length > 3)
    return error(`usage: tournament ${verb} id userid password`);
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  const done = await tournaments[verb](user.value, id);
  if (!done.ok) return failed(done);
  return said(
    `${verb === 'join' ? 'You have entered' : 'You have left'} tournament ${id}.\n\n${tournamentText(done.value)}`,
  );
}
