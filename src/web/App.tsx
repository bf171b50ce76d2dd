import { Lobby } from './Lobby.tsx';
import { onLinkClick, usePath } from './router.ts';
import { WarpWeftPage } from './warpweft/WarpWeftPage.tsx';

const PAGES: Record<string, { title: string; render: () => React.ReactNode }> = {
  '/': { title: 'Tessera', render: () => <Lobby /> },
  '/warpweft': { title: 'Warp and Weft', render: () => <WarpWeftPage /> },
};

export function App() {
  const path = usePath();
  const page = PAGES[path.replace(/\/+$/, '') || '/'];
  if (page) document.title = page.title === 'Tessera' ? 'Tessera' : `${page.title} · Tessera`;
  return (
    <>
      <header className="topbar">
        <a href="/" onClick={onLinkClick} className="brand">
          Tessera
        </a>
        <nav>
          <a href="/warpweft" onClick={onLinkClick} aria-current={path === '/warpweft' ? 'page' : undefined}>
            Warp and Weft
          </a>
        </nav>
      </header>
      <main>{page ? page.render() : <NotFound path={path} />}</main>
    </>
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
