import { lazy, Suspense, useMemo } from 'react';
import { Lobby } from './Lobby.tsx';
import { AccountBar } from './online/AccountBar.tsx';
import { AccountPage } from './online/AccountPage.tsx';
import { ArchivePage } from './online/archive/ArchivePage.tsx';
import { GamePage } from './online/GamePage.tsx';
import { NoticesProvider, PageTitle, UnreadMark } from './online/notices.tsx';
import { SessionProvider } from './online/session.tsx';
import { tournamentAt } from './online/tournaments/route.ts';
import { TournamentPage } from './online/tournaments/TournamentPage.tsx';
import { TournamentsPage } from './online/tournaments/TournamentsPage.tsx';
import { onLinkClick, usePath } from './router.ts';
import { gameCards, pageAt, playerAt, sitePages, tabTitle } from './routes.ts';
import { ThemeMenu } from './ThemeMenu.tsx';
import type { WebPage } from './web-game.ts';
import { useWebGames } from './web-game.ts';

// With its charting library, only when a profile is opened.
const PlayerPage = lazy(() => import('./online/profile/PlayerPage.tsx'));

export function App() {
  const games = useWebGames();
  const pages = useMemo(
    () => ({
      ...sitePages(games, () => <Lobby />),
      '/games': { title: 'Finished games', render: () => <ArchivePage /> },
      '/account': { title: 'Your account', render: () => <AccountPage /> },
      '/tournaments': { title: 'Tournaments', render: () => <TournamentsPage /> },
    }),
    [games],
  );
  const nav = useMemo(() => gameCards(games), [games]);
  const path = usePath();
  const player = playerAt(path);
  const tournament = tournamentAt(path);
  const page: WebPage | undefined = tournament
    ? { title: `Tournament ${tournament}`, render: () => <TournamentPage key={tournament} id={tournament} /> }
    : player
      ? {
          title: player,
          render: () => (
            <Suspense fallback={<section className="panel">Loading {player}’s profile…</section>}>
              <PlayerPage key={player} user={player} />
            </Suspense>
          ),
        }
      : pageAt(path, pages, (id) => <GamePage key={id} id={id} />);
  return (
    <SessionProvider>
      <NoticesProvider path={path}>
        {page && !page.titlesItself && <PageTitle title={tabTitle(page.title)} />}
        <header className="topbar">
          <a href="/" onClick={onLinkClick} className="brand">
            Tessera
            <UnreadMark />
          </a>
          <nav>
            {nav.map(({ path: href, title }) => (
              <a
                key={href}
                href={href}
                onClick={onLinkClick}
                aria-current={path === href ? 'page' : undefined}
              >
                {title}
              </a>
            ))}
          </nav>
          <AccountBar />
          <ThemeMenu />
        </header>
        <main>{page ? page.render() : <NotFound path={path} />}</main>
      </NoticesProvider>
    </SessionProvider>
  );
}

function NotFound({ path }: { path: string }) {
  return (
    <section className="panel">
      <h1>Not here</h1>
      <p>
        There is no page at <code>{path}</code>.{' '}
        <a href="/" onClick={onLinkClick}>
          Back to the lobby
        </a>
        .
      </p>
    </section>
  );
}
