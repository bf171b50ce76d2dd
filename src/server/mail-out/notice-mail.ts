/** The mail a notice asks for: a game's end, a challenge, a pairing, a takeback offered or answered, a move or a reminder. */
import { createHmac } from 'node:crypto';
import { type GameShow, resultText } from '../../api/index.ts';
import { awaitingAnswer } from '../../engine/index.ts';
import type { NewMail, Notice } from '../../store/index.ts';
import type { Service } from '../service/index.ts';
import { MAIL_WIDTH, pbmName, showText, takebackSpan, wrap } from '../text/index.ts';
import { cancelText, declineText, type MailParts } from './mail-parts.ts';
import { POSITION_HEADER, positionTag } from './position.ts';

/** One notice's game as its mail needs it, and the mail's parts. */
interface Scene {
  readonly parts: MailParts;
  readonly secret: string;
  readonly notice: Notice;
  readonly address: string;
  readonly user: string;
  readonly show: GameShow;
  /** The game's name as a PBeM command word. */
  readonly name: string;
  readonly active: boolean;
  /** Whether it is this player's move. */
  readonly theirTurn: boolean;
  /** The game and the number the answering move will have: `12/7`. */
  readonly next: string;
  readonly thread: { readonly References: string };
  /** The mail's Message-ID, signed, so a reply naming this mail (In-Reply-To) proves its sender received it. */
  readonly id: string;
  readonly board: string;
  /** Whether `user` has not moved yet in a game someone else challenged them to. */
  readonly challenged: boolean;
}

const why = 'move';

/** A game's scene for `notice`, or null when no mail is needed (the game is gone). */
async function sceneOf(
  service: Service,
  parts: MailParts,
  secret: string,
  notice: Notice,
  address: string,
): Promise<Scene | null> {
  const { user } = notice;
  let shown = await service.show(user, notice.gameId);
  if (!shown.ok) return null;
  // A board wider than a mail reader's 72 columns is drawn in the game's denser form.
  if (!shown.value.compact && shown.value.board.split('\n').some((line) => line.length > MAIL_WIDTH)) {
    shown = await service.show(user, notice.gameId, { compact: true });
    if (!shown.ok) return null;
  }
  const show = shown.value;
  // The notice is committed, but this process's copy of the game may not show that move yet
  // (read between the commit and the copy's update): leave it for the next round, not drop it.
  if (show.moveCount < notice.moveNo) {
    throw new Error(`game ${show.id} is not yet at move ${notice.moveNo} here`);
  }
  const found = service.gameType(show.gameType);
  if (!found.ok) return null;
  const active = show.status === 'active';
  const tag = createHmac('sha256', secret).update(`reply:${notice.id}.${user}`).digest('hex').slice(0, 16);
  return {
    parts,
    secret,
    notice,
    address,
    user,
    show,
    name: pbmName(found.value),
    active,
    theirTurn: active && show.toMove === user,
    next: `${show.id}/${show.moveCount + 1}`,
    thread: { References: `<tessera.game-${show.id}@${parts.domain}>` },
    id: `n${notice.id}.${user}.${tag}`,
    board: showText(show, user),
    challenged:
      show.challenger !== null &&
      show.challenger !== user &&
      !show.moves.some((m) => show.players[m.seat] === user),
  };
}

/**
 * The Message-ID of a takeback mail that goes to a player once per position of the game (the
 * outbox keeps one mail per Message-ID), signed like the others.
 */
function onePerPosition({ show, notice, user, secret }: Scene, what: 'o' | 'w'): string {
  const at = `${what}${show.id}.${notice.moveNo}.${user}`;
  return `t${at}.${createHmac('sha256', secret).update(`takeback:${at}`).digest('hex').slice(0, 16)}`;
}

/** A mail telling `what`, with the way to move when it is this player's move. */
function turnMail(s: Scene, kind: string, subject: string, what: string, messageId = s.id): NewMail {
  const { parts, show, user, name, theirTurn } = s;
  const answer = theirTurn ? `\n\n${parts.howToAnswer(show, user, name)}` : '';
  const body = `${wrap(what)}\n\n${s.board}${answer}\n${parts.footer(user, why)}`;
  return parts.mail(user, s.address, kind, messageId, subject, body, s.notice.at, {
    ...s.thread,
    'X-Tessera-Game': theirTurn ? s.next : String(show.id),
  });
}

function endMail({ parts, show, user, name, address, id, board, notice, thread }: Scene): NewMail {
  const subject = `[Tessera] ${name} ${show.id} over: ${resultText(show)}`;
  const body = `${wrap(`${show.title} game ${show.id} is over.`)}\n\n${board}\n${parts.footer(user, why)}`;
  return parts.mail(user, address, 'end', id, subject, body, notice.at, {
    ...thread,
    'X-Tessera-Game': String(show.id),
  });
}

function challengeMail(s: Scene): NewMail | null {
  const { parts, show, user, name, active, theirTurn } = s;
  if (!active) return null;
  // The challenger moved already and it is this player's move: the move's mail tells both.
  if (show.moveCount > 0 && theirTurn) return null;
  const subject = `[Tessera] ${name} ${show.id}: ${show.challenger} challenges you`;
  const lead = wrap(`${show.challenger} challenges you to ${show.title}: game ${show.id}.`);
  const answer = theirTurn
    ? `${parts.howToAnswer(show, user, name)}\n\n${declineText(show, user, name)}`
    : `You will get a mail when it is your move.\n\n${declineText(show, user, name)}`;
  const body = `${lead}\n\n${s.board}\n\n${answer}\n${parts.footer(user, why)}`;
  return parts.mail(user, s.address, 'challenge', s.id, subject, body, s.notice.at, {
    ...s.thread,
    'X-Tessera-Game': s.next,
    [POSITION_HEADER]: positionTag(show),
  });
}

/** An open challenge taken: the player not to move hears the game began and with whom. */
function pairedMail(s: Scene): NewMail | null {
  const { show, user, name } = s;
  if (!s.active || s.theirTurn) return null;
  const opponent = show.players.find((p) => p !== user) ?? 'someone';
  const subject = `[Tessera] ${name} ${show.id}: you are paired with ${opponent}`;
  const what = `You are paired with ${opponent} in ${show.title} game ${show.id}, through an open challenge. You will get a mail when it is your move.`;
  return turnMail(s, 'paired', subject, what);
}

function takebackOfferMail(s: Scene): NewMail | null {
  const { parts, show, user, name, notice } = s;
  // Only while the offer stands: no move since, and not yet answered.
  const offer = show.takebackOffer;
  if (!s.active || !offer || show.moveCount !== notice.moveNo) return null;
  const subject = `[Tessera] ${name} ${show.id}: ${offer.by} asks to take back move ${offer.fromMove}`;
  const lead = wrap(
    `${offer.by} asks to take back ${takebackSpan(offer.fromMove, offer.moves)} in ${show.title} game ${show.id}. The offer lapses if a move is played first.`,
  );
  const body = `${lead}\n\n${s.board}\n\n${parts.howToAnswerTakeback(show, user, name)}\n${parts.footer(user, why)}`;
  return parts.mail(user, s.address, notice.kind, onePerPosition(s, 'o'), subject, body, notice.at, {
    ...s.thread,
    'X-Tessera-Game': String(show.id),
  });
}

function takebackRefusedMail(s: Scene, kind: 'takeback-rejected' | 'takeback-withdrawn'): NewMail | null {
  const { show, user, name } = s;
  if (!s.active) return null;
  const opponent = show.players.find((p) => p !== user) ?? 'Your opponent';
  const what =
    kind === 'takeback-rejected'
      ? `${opponent} rejected your takeback in ${show.title} game ${show.id}: the moves stand.`
      : `${opponent} withdrew the takeback offered to you in ${show.title} game ${show.id}: the moves stand.`;
  const subject = `[Tessera] ${name} ${show.id}: takeback ${kind.slice(9)}`;
  // A withdrawal is mailed once per position too, so offering and withdrawing in a loop
  // cannot flood the opponent's mailbox.
  return turnMail(s, kind, subject, what, kind === 'takeback-withdrawn' ? onePerPosition(s, 'w') : s.id);
}

function takebackAcceptedMail(s: Scene): NewMail | null {
  const { show, user, name, theirTurn } = s;
  const made = show.takebacks?.at(-1);
  // Nothing to say once a move has been played since (its own mail follows).
  if (!s.active || !made || show.moveCount !== s.notice.moveNo) return null;
  const undone = takebackSpan(made.fromMove, made.moves);
  const what =
    made.proposer === user
      ? `${made.acceptedBy} accepted your takeback in ${show.title} game ${show.id}: ${undone} taken back.`
      : `${made.proposer}'s takeback in ${show.title} game ${show.id} was accepted: ${undone} taken back.`;
  const subject = theirTurn
    ? `[Tessera] ${name} ${show.id} move ${show.moveCount + 1} (takeback accepted)`
    : `[Tessera] ${name} ${show.id}: takeback accepted`;
  return turnMail(s, s.notice.kind, subject, what);
}

/** A move or a reminder: only while it is still this player's move at that point. */
function moveMail(s: Scene): NewMail | null {
  const { parts, show, user, name, notice, challenged } = s;
  if (!s.theirTurn || (notice.kind === 'move' && show.moveCount !== notice.moveNo)) return null;
  const last = show.moves.at(-1);
  const lead =
    notice.kind === 'reminder'
      ? `A reminder: it is your move in ${show.title} game ${show.id}.`
      : last === undefined
        ? `You have the first move in ${show.title} game ${show.id}.`
        : `${show.players[last.seat] ?? 'Your opponent'} played ${last.move} as move ${show.moveCount} in ${show.title} game ${show.id}.${challenged ? ` ${show.challenger} challenged you to this game.` : ''}`;
  const subject = `[Tessera] ${name} ${show.id} move ${show.moveCount + 1}${notice.kind === 'reminder' ? ' (reminder)' : ''}`;
  const withdraw = challenged
    ? `\n\n${declineText(show, user, name)}`
    : show.challenger === user && awaitingAnswer(show)
      ? `\n\n${cancelText(show, user, name)}`
      : '';
  const answer = `${parts.howToAnswer(show, user, name)}${withdraw}`;
  const body = `${wrap(lead)}\n\n${s.board}\n\n${answer}\n${parts.footer(user, why)}`;
  return parts.mail(user, s.address, notice.kind, s.id, subject, body, notice.at, {
    ...s.thread,
    'X-Tessera-Game': s.next,
    [POSITION_HEADER]: positionTag(show),
  });
}

/** The mail a notice asks for, or null when it no longer needs one (the player has moved since). */
export async function noticeMail(
  service: Service,
  parts: MailParts,
  secret: string,
  notice: Notice,
  address: string,
): Promise<NewMail | null> {
  const s = await sceneOf(service, parts, secret, notice, address);
  if (!s) return null;
  const { kind } = notice;
  if (kind === 'end') return endMail(s);
  if (kind === 'challenge') return challengeMail(s);
  if (kind === 'paired') return pairedMail(s);
  if (kind === 'takeback-offer') return takebackOfferMail(s);
  if (kind === 'takeback-rejected' || kind === 'takeback-withdrawn') return takebackRefusedMail(s, kind);
  if (kind === 'takeback-accepted') return takebackAcceptedMail(s);
  return moveMail(s);
}
