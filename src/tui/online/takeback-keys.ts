/**
 * The online game screen's takeback and rematch keys, as a pure function: U proposes taking back
 * your last move, A accepts the opponent's takeback, X rejects it (or withdraws your own), and once
 * the game is over M asks for a rematch with the seats swapped.
 */
import type { TakebackOffer } from '../../api/index.ts';

export type TakebackAction = 'propose' | 'accept' | 'reject' | 'rematch';

export interface TakebackView {
  readonly me: string;
  readonly playing: boolean;
  readonly active: boolean;
  readonly moveCount: number;
  readonly offer: TakebackOffer | undefined;
}

export const TAKEBACK_KEYS = 'U takeback  A accept  X reject  M rematch';

/** The offer, if it still stands: another move makes it lapse. */
export const standingOffer = (v: TakebackView): TakebackOffer | undefined =>
  v.offer && v.moveCount === v.offer.fromMove + v.offer.moves.length - 1 ? v.offer : undefined;

/** The moves an offer takes back by number: `move 3`, `moves 3-4`. */
export const offerSpan = (offer: TakebackOffer): string =>
  offer.moves.length === 1
    ? `move ${offer.fromMove}`
    : `moves ${offer.fromMove}-${offer.fromMove + offer.moves.length - 1}`;

/** What the offer undoes, for the note line. */
export function offerWords(v: TakebackView): string {
  const offer = standingOffer(v);
  if (!offer || !v.active) return '';
  const moves = `${offerSpan(offer)} (${offer.moves.join(' ')})`;
  return offer.by === v.me
    ? `You propose to take back ${moves}; X withdraws it.`
    : `${offer.by} proposes to take back ${moves}: A accepts, X rejects.`;
}

/** The action a key asks for, a sentence saying why it cannot, or null for a key not ours. */
export function takebackKey(
  input: string,
  v: TakebackView,
): { action: TakebackAction } | { message: string } | null {
  if (!['U', 'A', 'X', 'M'].includes(input)) return null;
  if (!v.playing) return { message: 'Only the players of this game can do that.' };
  if (input === 'M')
    return v.active
      ? { message: 'A rematch can be asked for once the game is over.' }
      : { action: 'rematch' };
  if (!v.active) return { message: 'The game is over: M asks for a rematch.' };
  const offer = standingOffer(v);
  if (input === 'U') {
    if (offer) return { message: offerWords(v) };
    return { action: 'propose' };
  }
  if (!offer) return { message: 'Nobody has proposed a takeback.' };
  if (input === 'A' && offer.by === v.me)
    return { message: 'It is your own proposal: your opponent accepts or rejects it.' };
  return { action: input === 'A' ? 'accept' : 'reject' };
}
