/**
 * The site's pages, from the games the client was started with: the lobby, each game's own page
 * and its further pages, and a game on the server by id. Pure (React elements are only created
 * when a page is shown), so it is tested without a browser.
 */
import { createElement, type ReactNode } from 'react';
import type { WebGame, WebGames, WebPage } from './web-game.ts';

export interface Card {
  readonly path: string;
  readonly title: string;
  readonly blurb: string;
}

/** Games with a page of their own, for the lobby's cards and the top bar, in the table's order. */
export function gameCards(games: WebGames): Card[] {
  return Object.values(games).flatMap((g: WebGame) =>
    g.Page ? [{ path: `/${g.game.id}`, title: g.game.title, blurb: g.blurb }] : [],
  );
}

/** Every page by path: the lobby at `/`, then each game's pages. */
export function sitePages(games: WebGames, lobby: () => ReactNode): Record<string, WebPage> {
  const pages: Record<string, WebPage> = { '/': { title: 'Tessera', render: lobby } };
  for (const g of Object.values(games)) {
    const { Page } = g;
    if (Page) pages[`/${g.game.id}`] = { title: g.game.title, render: () => createElement(Page) };
    Object.assign(pages, g.pages);
  }
  return pages;
}

/** The page at a path (trailing slashes ignored), or a server game's page at /game/<id>. */
export function pageAt(
  path: string,
  pages: Readonly<Record<string, WebPage>>,
  gamePage: (id: number) => ReactNode,
): WebPage | undefined {
  const gameId = /^\/game\/(\d{1,9})\/?$/.exec(path)?.[1];
  if (gameId) return { title: `Game ${gameId}`, titlesItself: true, render: () => gamePage(Number(gameId)) };
  const key = path.replace(/\/+$/, '') || '/';
  return Object.hasOwn(pages, key) ? pages[key] : undefined;
}

/** The player whose profile is at a path (`/player/<user id>`), as written there. */
export function playerAt(path: string): string | undefined {
  return /^\/player\/([A-Za-z][A-Za-z0-9_]{1,19})\/?$/.exec(path)?.[1];
}

/** The browser tab's title for a page. */
export const tabTitle = (title: string): string => (title === 'Tessera' ? 'Tessera' : `${title} · Tessera`);
