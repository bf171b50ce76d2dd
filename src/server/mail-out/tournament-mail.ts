/**
 * A tournament's mails, written into the outbox by the transaction that pairs a round (each
 * player's new games) or ends the tournament (the final standings), so a restart sends each once:
 * their Message-IDs are fixed by tournament, round and player.
 */
import { formatPoints as points } from '../../api/index.ts';
import type { NewMail, Store, TournamentDetail } from '../../store/index.ts';
import { wrap } from '../text/index.ts';
import { standings } from '../tournaments/index.ts';
import type { MailParts } from './mail-parts.ts';

/** A board of a round as the mail tells it. */
export interface PairedBoard {
  readonly round: number;
  readonly first: string;
  readonly second: string | null;
}

export function tournamentMails(store: Store, parts: MailParts) {
  const { base, footer, mail } = parts;
  /** Each player's address, for those who want mail at all. */
  const addressOf = async (user: string) => {
    const account = await store.mailAccount(user);
    return account?.address && account.notify !== 'none' ? account.address : undefined;
  };
  const link = (t: TournamentDetail) => `${base}/tournaments/${t.id}`;

  return {
    async paired(t: TournamentDetail, boards: readonly PairedBoard[], at: number): Promise<NewMail[]> {
      const mails: NewMail[] = [];
      const rounds = [...new Set(boards.map((b) => b.round))];
      const which = rounds.length === 1 ? `round ${rounds[0]}` : `rounds 1 to ${rounds.at(-1)}`;
      for (const user of t.entrants) {
        const mine = boards.filter((b) => b.first === user || b.second === user);
        if (mine.length === 0) continue;
        const address = await addressOf(user);
        if (!address) continue;
        const lines = mine.map((b) =>
          b.second === null
            ? `  round ${b.round}: a bye (a point without a game)`
            : `  round ${b.round}: against ${b.first === user ? b.second : b.first}, ${b.first === user ? 'you move first' : 'they move first'}`,
        );
        const body = [
          wrap(
            `The tournament "${t.name}" (${t.format === 'swiss' ? 'Swiss' : 'round robin'}) has paired ${which}. Your new games:`,
          ),
          '',
          ...lines,
          '',
          wrap(
            'When it is your move in a game you get its mail as usual. The standings, the crosstable and every game:',
          ),
          link(t),
        ].join('\n');
        mails.push(
          mail(
            user,
            address,
            'tournament',
            `t${t.id}.r${rounds[0]}.${user}`,
            `[Tessera] Tournament ${t.id} ${which}: your new games`,
            `${body}\n${footer(user, 'move')}`,
            at,
          ),
        );
      }
      return mails;
    },

    async ended(t: TournamentDetail, at: number): Promise<NewMail[]> {
      const mails: NewMail[] = [];
      const started = t.state !== 'open';
      const table = standings(t.entrants, t.games, t.format);
      for (const user of t.entrants) {
        const address = await addressOf(user);
        if (!address) continue;
        const body = started
          ? [
              wrap(`The tournament "${t.name}" is over. The final standings (points, then the tie-breaks):`),
              '',
              ...table.map(
                (s) =>
                  `  ${String(s.rank).padStart(2)}. ${s.player.padEnd(20)} ${points(s.points).padStart(4)}   SB ${points(s.sonnebornBerger)}   Buchholz ${points(s.buchholz)}`,
              ),
              '',
              link(t),
            ].join('\n')
          : wrap(
              `The tournament "${t.name}" was cancelled: too few players had entered when it was due to start.`,
            );
        mails.push(
          mail(
            user,
            address,
            'tournament',
            `t${t.id}.end.${user}`,
            `[Tessera] Tournament ${t.id} ${started ? 'is over: final standings' : 'was cancelled'}`,
            `${body}\n${footer(user, 'move')}`,
            at,
          ),
        );
      }
      return mails;
    },
  };
}
