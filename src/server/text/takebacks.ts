/** Takebacks in words: the moves a takeback spans, and what a game shows of its takebacks. */
import type { GameShow } from '../../api/index.ts';

/** Moves taken back or offered to be, as words: `move 5 (E3)`, `moves 5 to 6 (E3 F4)`. */
export const takebackSpan = (from: number, moves: readonly string[]): string => {
  const last = from + moves.length - 1;
  return `${last === from ? `move ${from}` : `moves ${from} to ${last}`} (${moves.join(' ')})`;
};

/** What `show` says of takebacks: each one made (the moves undone stay in the record) and any on offer. */
export function takebackLines(show: GameShow): string[] {
  const span = takebackSpan;
  return [
    ...(show.takebacksBefore === undefined
      ? []
      : [`Earlier takebacks are not listed here; only the latest ${show.takebacks?.length ?? 0}.`]),
    ...(show.takebacks ?? []).map(
      (t) =>
        `Taken back: ${span(t.fromMove, t.moves)}, proposed by ${t.proposer}, accepted by ${t.acceptedBy}.`,
    ),
    ...(show.takebackOffer
      ? [
          `${show.takebackOffer.by} proposes to take back ${span(show.takebackOffer.fromMove, show.takebackOffer.moves)}.`,
        ]
      : []),
  ];
}
