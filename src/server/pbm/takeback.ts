/**
 * The PBeM commands for takebacks, previews and rematches (docs/api.md, "PBeM commands"):
 *   <Game> propose board userid password undo     (or: move board userid password propose undo)
 *   <Game> accept|reject board userid password    (or: move board userid password accept|reject)
 *   <Game> preview board move [move ...]
 *   <Game> rematch board userid password
 */
import type { TakebackAnswer } from '../../engine/index.ts';
import type { Service } from '../service/index.ts';
import { showText } from '../text/index.ts';
import { failed, type PbmReply, refused, said } from './reply.ts';

/** The words that, given as a move, speak of a takeback instead (as on the PBeM server). */
export const TAKEBACK_WORDS = ['propose', 'accept', 'reject'] as const;
export type TakebackWord = (typeof TAKEBACK_WORDS)[number];

export const isTakebackWord = (word: string | undefined): word is TakebackWord =>
  TAKEBACK_WORDS.some((w) => w === word?.toLowerCase());

export const TAKEBACK_HELP = (name: string) => [
  `  ${name} propose board userid password undo           ask to take back your last move (and any after it)`,
  `  ${name} accept board userid password                 accept the takeback your opponent proposed`,
  `  ${name} reject board userid password                 refuse it (or withdraw your own)`,
  `  ${name} preview board move [move ...]               the board after those moves, nothing played`,
  `  ${name} rematch board userid password                a new game with the seats swapped`,
];

const board = async (service: Service, viewer: string, id: number): Promise<string> => {
  const shown = await service.show(viewer, id);
  return shown.ok ? showText(shown.value) : '';
};

const answered = (a: TakebackAnswer, id: number): string => {
  switch (a.kind) {
    case 'accepted': {
      const t = a.takeback;
      const last = t.fromMove + t.moves.length - 1;
      const which = last === t.fromMove ? `Move ${t.fromMove}` : `Moves ${t.fromMove} to ${last}`;
      return `${which} (${t.moves.join(' ')}) of game ${id} taken back: ${t.proposer} proposed, ${t.acceptedBy} accepted.`;
    }
    case 'rejected':
      return `${a.by} rejected the takeback in game ${id}; play goes on.`;
    case 'withdrawn':
      return `${a.by} withdrew their takeback proposal in game ${id}.`;
    default:
      return `The takeback in game ${id} lapsed.`;
  }
};

/** `word` is propose, accept or reject; `what` is what follows the password (`undo` for propose). */
export async function takebackCommand(
  service: Service,
  user: string,
  id: number,
  word: TakebackWord,
  what: readonly string[],
  name: string,
): Promise<PbmReply> {
  if (word === 'propose') {
    if (what.length !== 1 || what[0]?.toLowerCase() !== 'undo')
      return refused(
        `usage: ${name} propose board userid password undo (a takeback is the one thing to propose)`,
      );
    const offered = await service.proposeTakeback(user, id);
    if (!offered.ok) return failed(offered);
    const moves = offered.value.moves;
    if ('accepted' in offered.value && offered.value.accepted)
      return said(`${answered(offered.value.accepted, id)}\n${await board(service, user, id)}`);
    const opponent = offered.value.game.players[1 - offered.value.proposal.seat];
    return said(
      [
        `${user} proposes to take back ${moves.length === 1 ? 'move' : 'moves'} ${moves.map((m) => `${m.moveNo}. ${m.text}`).join(', ')} in game ${id}.`,
        `${opponent} answers with: ${name} accept ${id} ${opponent} password   (or reject)`,
        await board(service, user, id),
      ].join('\n'),
    );
  }
  if (what.length > 0) return refused(`usage: ${name} ${word} board userid password`);
  const answer = await service.answerTakeback(user, id, word === 'accept');
  if (!answer.ok) return failed(answer);
  return said(`${answered(answer.value, id)}\n${await board(service, user, id)}`);
}

export async function previewCommand(
  service: Service,
  id: number,
  moves: readonly string[],
  name: string,
): Promise<PbmReply> {
  if (moves.length === 0) return refused(`usage: ${name} preview board move [move ...]`);
  const seen = await service.preview(null, id, moves);
  if (!seen.ok) return failed(seen);
  const p = seen.value;
  const status =
    p.status === 'active'
      ? `${p.toMove} would be to move.`
      : `The game would be over: ${p.outcome?.reason ?? 'finished'}.`;
  return said(
    [
      `Preview of game ${id}, nothing played: ${p.moves.map((m) => `${m.moveNo}. ${m.text}`).join('  ')}`,
      p.board.replace(/\n+$/, ''),
      status,
    ].join('\n'),
  );
}

export async function rematchCommand(service: Service, user: string, id: number): Promise<PbmReply> {
  const made = await service.rematch(user, id);
  if (!made.ok) return failed(made);
  return said(
    `Rematch of game ${id}: game ${made.value.id} created, seats swapped.\n${await board(service, user, made.value.id)}`,
  );
}
