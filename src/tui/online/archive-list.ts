/** The terminal archive's words, as pure functions: one finished game's line, the page's status. */
import { dayText, resultText, resultWord } from '../../api/index.ts';
import type { GameSummary } from './api.ts';

/** "#12 Warp and Weft vs bob  Won  2026-11-24  ann wins: Warp (Vert) connected their sides" */
export function archiveLine(me: string, g: GameSummary): string {
  const others = g.players.filter((p) => p !== me).join(', ') || 'nobody (solo)';
  return `#${g.id} ${g.title} vs ${others}  ${resultWord(g, me)}  ${dayText(g.updatedAt)}  ${resultText(g)}`;
}

/** What the archive holds so far, and whether older games can be fetched. */
export function archiveStatus(count: number, more: boolean): string {
  if (count === 0) return 'No finished games yet.';
  const games = `${count} finished game${count === 1 ? '' : 's'}, newest first`;
  return more ? `${games}; n fetches older ones.` : `${games}.`;
}
