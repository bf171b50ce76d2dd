/**
 * Moving about the metagame screen, as pure functions: the five lists (tabs), the chosen row,
 * and turning a list's pages.
 */
import { PAGE } from '../../games/intricacy/index.ts';

export const TABS = ['Your slots', "Others' locks", 'Notes', 'Scores', 'Retired'] as const;
export const SCORES_TAB = 3;
export const RETIRED_TAB = 4;

/** Where each list's page starts (the server chooses how many it holds). */
export interface Offsets {
  readonly players: number;
  readonly notes: number;
  readonly scores: number;
  readonly columns: number;
  readonly retired: number;
}
export type ListName = keyof Offsets;
export const FIRST: Offsets = { players: 0, notes: 0, scores: 0, columns: 0, retired: 0 };
/** Which list each tab pages through (the first tab is one page: your three slots). */
export const TAB_LIST: readonly (ListName | null)[] = [null, 'players', 'notes', 'scores', 'retired'];
const PAGE_SIZE: Readonly<Record<ListName, number>> = {
  players: PAGE.players.size,
  notes: PAGE.notes.size,
  scores: PAGE.scores.size,
  columns: PAGE.scores.size,
  retired: PAGE.locks.size,
};

export interface Place {
  readonly tab: number;
  readonly row: number;
}

/**
 * The tab and row after Tab or an arrow key (a new tab starts at its first row; `rows` is how
 * many the chosen tab has), or null for any other key.
 */
export function placeAfterKey(place: Place, rows: number, name: string | null): Place | null {
  const { tab, row } = place;
  if (name === 'tab' || name === 'right') return { tab: (tab + 1) % TABS.length, row: 0 };
  if (name === 'left') return { tab: (tab + TABS.length - 1) % TABS.length, row: 0 };
  if (name === 'up') return { tab, row: Math.max(0, row - 1) };
  if (name === 'down') return { tab, row: Math.min(Math.max(rows - 1, 0), row + 1) };
  return null;
}

/** The list and direction a paging key turns on `tab` ([ ] PgUp PgDn; { } the score columns). */
export function pageKey(tab: number, name: string | null): { list: ListName; step: 1 | -1 } | null {
  const list = TAB_LIST[tab];
  if (list && (name === ']' || name === 'pagedown')) return { list, step: 1 };
  if (list && (name === '[' || name === 'pageup')) return { list, step: -1 };
  if (tab === SCORES_TAB && name === '}') return { list: 'columns', step: 1 };
  if (tab === SCORES_TAB && name === '{') return { list: 'columns', step: -1 };
  return null;
}

/** Where `list` starts a page forward (+1) or back (-1), or why there is no such page. */
export function turnPage(
  offsets: Offsets,
  counts: Readonly<Record<ListName, number>>,
  list: ListName,
  step: 1 | -1,
): { offset: number } | { message: string } {
  const next = offsets[list] + step * PAGE_SIZE[list];
  if (next < 0 || next >= counts[list])
    return { message: step > 0 ? 'That is the last page.' : 'That is the first page.' };
  return { offset: next };
}
