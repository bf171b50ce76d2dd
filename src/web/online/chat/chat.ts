/** A game's chat as the page keeps it: lines from the page load, the server's frames and our own posts. */
import { type ChatLine, MAX_CHAT, type ServerFrame } from '../../../api/index.ts';

/** Lines kept on the page (the server sends the last 100 on loading). */
export const CHAT_KEPT = 200;

/** The lines with `more` added: each line once (by id), in the order they were written. */
export function mergeLines(lines: readonly ChatLine[], more: readonly ChatLine[]): readonly ChatLine[] {
  if (more.every((m) => lines.some((l) => l.id === m.id))) return lines;
  const byId = new Map(lines.map((l) => [l.id, l]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

/** A chat frame of game `gameId` as a line, or undefined for any other frame. */
export function lineOfFrame(frame: ServerFrame, gameId: number): ChatLine | undefined {
  if (frame.type !== 'chat' || frame.gameId !== gameId) return undefined;
  return { id: frame.id, gameId: frame.gameId, user: frame.user, text: frame.text, at: frame.at };
}

/** Why a line cannot be sent, in the words the server would use, or null when it can. */
export function lineProblem(text: string): string | null {
  const line = text.trim();
  if (line.length === 0) return 'Write something to send first.';
  if (line.length > MAX_CHAT)
    return `A chat line is 1 to ${MAX_CHAT} characters; this one has ${line.length}.`;
  return null;
}

/** "14:05" today, else "24 Nov 14:05": when a line was written, in the reader's time zone. */
export function lineTime(at: number, now: number): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return new Date(now).toDateString() === date.toDateString()
    ? time
    : `${date.toLocaleDateString([], { day: 'numeric', month: 'short' })} ${time}`;
}
