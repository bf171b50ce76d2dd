import { Atom4Page } from './atom4/Atom4Page.tsx';
import { IntricacyPage } from './intricacy/IntricacyPage.tsx';
import { INTRICACY_PAGES } from './intricacy/IntricacyRoutes.tsx';
import { Lobby } from './Lobby.tsx';
import { AccountBar } from './online/AccountBar.tsx';
import { GamePage } from './online/GamePage.tsx';
import { SessionProvider } from './online/session.tsx';
import { onLinkClick, usePath } from './router.ts';
import { SigmarPage } from './sigmar/SigmarPage.tsx';
import { WarpWeftPage } from './warpweft/WarpWeftPage.tsx';

const PAGES: Record<string, { title: string; render: () => React.ReactNode }> = {
  '/': { title: 'Tessera', render: () => <Lobby /> },
  '/warpweft': { title: 'Warp and Weft', render: () => <WarpWeftPage /> },
  '/sigmar': { title: "Sigmar's Garden", render: () => <SigmarPage /> },
  '/intricacy': { title: 'Intricacy', render: () => <IntricacyPage /> },
  ...INTRICACY_PAGES,
  '/atom4': { title: 'Atom-4', render: () => <Atom4Page /> },
};

const NAV: readonly [string, string][] = [
  ['/atom4', 'Atom-4'],
  ['/intricacy', 'Intricacy'],
  ['/sigmar', "Sigmar's Garden"],
  ['/warpweft', 'Warp and Weft'],
];

export function App() {
  const path = usePath();
  const gameId = /^\/game\/(\d{1,9})\/?$/.exec(path)?.[1];
  const page = gameId
    ? { title: `Game ${gameId}`, render: () => <GamePage key={gameId} id={Number(gameId)} /> }
    : PAGES[path.replace(/\/+$/, '') || '/'];
  if (page) document.title = page.title === 'Tessera' ? 'Tessera' : `${page.title} · Tessera`;
  return (
    <SessionProvider>
      <header className="topbar">
        <a href="/" onClick={onLinkClick} className="brand">
          Tessera
        </a>
        <nav>
          {NAV.map(([href, title]) => (
            <a key={href} href={href} onClick={onLinkClick} aria-current={path === href ? 'page' : undefined}>
              {title}
            </a>
          ))}
        </nav>
        <AccountBar />
      </header>
      <main>{page ? page.render() : <NotFound path={path} />}</main>
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
