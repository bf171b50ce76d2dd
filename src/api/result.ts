/**
 * How a game ended, in words that name its players, and a whole game as text for export: the one
 * wording shared by the web page, the terminal, the PBeM replies and the mails.
 */
import type { GameShow, GameSummary } from './http.ts';

/** What the result's words need of a game. */
export type Ended = Pick<GameSummary, 'players' | 'status' | 'outcome'>;

/**
 * The result, naming the players: "ann wins: Weft (Horz) connected their sides", "ann and bob
 * draw: …", "Void: bob declined the game". `name` writes a player (e.g. with their side); an active
 * game has no result (empty text).
 */
export function resultText(game: Ended, name: (user: string) => string = (user) => user): string {
  const { outcome, players } = game;
  if (game.status === 'void') return `Void: ${outcome?.reason ?? 'declined'}`;
  if (game.status === 'active' || !outcome) return game.status === 'active' ? '' : 'finished';
  if (outcome.kind === 'win') return `${name(players[outcome.winner] ?? '?')} wins: ${outcome.reason}`;
  if (outcome.kind === 'loss') return `${players.map(name).join(' and ')} lost: ${outcome.reason}`;
  if (players.length < 2) return `Drawn: ${outcome.reason}`;
  return `${players.map(name).join(' and ')} draw: ${outcome.reason}`;
}

/** The result as one word for `me`: Won, Lost, Drawn or Void (a game they did not play: Finished). */
export function resultWord(game: Ended, me: string): 'Won' | 'Lost' | 'Drawn' | 'Void' | 'Finished' {
  if (game.status === 'void') return 'Void';
  const seat = game.players.indexOf(me);
  const { outcome } = game;
  if (seat < 0 || !outcome) return 'Finished';
  if (outcome.kind === 'draw') return 'Drawn';
  if (outcome.kind === 'loss') return 'Lost';
  return outcome.winner === seat ? 'Won' : 'Lost';
}

/** A day as the archive and exports write it: 2026-11-24 (UTC). */
export const dayText = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** Option values in the PBeM challenge's words: "-size=5 -thread" style, or "" when none. */
function optionsText(options: unknown): string {
  if (!options || typeof options !== 'object') return '';
  return Object.entries(options as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

/** The parts of a game its export needs: the game as shown, with every move of its log. */
export type Exported = Pick<
  GameShow,
  | 'id'
  | 'title'
  | 'gameType'
  | 'seats'
  | 'players'
  | 'status'
  | 'outcome'
  | 'options'
  | 'createdAt'
  | 'updatedAt'
  | 'moveCount'
> & {
  readonly moves: readonly { readonly moveNo: number; readonly move: string; readonly auto: boolean }[];
  /** The marked moves of the game's analysis, a line each, once it has been analysed. */
  readonly marks?: readonly string[];
};

/**
 * A game as text: a header in the PBeM server's manner (game, board, players with their sides,
 * options, result, dates), then the numbered moves in the game's notation, `*` marking a move
 * played from the queue.
 */
export function exportText(game: Exported): string {
  const side = (user: string) => {
    const seat = game.seats.find((s) => s.user === user);
    return seat ? `${user} (${seat.side})` : user;
  };
  const options = optionsText(game.options);
  const result = game.status === 'active' ? 'not over yet' : resultText(game, side);
  const header = [
    `Game:    ${game.title} (${game.gameType})`,
    `Board:   ${game.id}`,
    `Players: ${game.seats.map((s) => side(s.user)).join(' vs ')}`,
    ...(options ? [`Options: ${options}`] : []),
    `Result:  ${result}`,
    `Started: ${dayText(game.createdAt)}`,
    `${game.status === 'active' ? 'Moved:  ' : 'Ended:  '} ${dayText(game.updatedAt)}`,
    `Moves:   ${game.moveCount}`,
  ];
  const marks = game.marks
    ? [
        '',
        "Analysis (each move's loss is the share of its player's chance of winning it gave away):",
        ...(game.marks.length > 0 ? game.marks : ['No move was marked.']),
      ]
    : [];
  return `${[...header, '', ...moveLines(game.moves), ...marks].join('\n')}\n`;
}

/** Numbered moves ("12. L11", `*` when played from the queue) filling lines of under 76 characters. */
export function moveLines(
  moves: readonly { readonly moveNo: number; readonly move: string; readonly auto: boolean }[],
): string[] {
  return moves
    .map((m) => `${m.moveNo}. ${m.move}${m.auto ? '*' : ''}`)
    .reduce<string[]>((out, item) => {
      const last = out.at(-1);
      if (last !== undefined && last.length + item.length < 76) out[out.length - 1] = `${last}  ${item}`;
      else out.push(item);
      return out;
    }, []);
}
