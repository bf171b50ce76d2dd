import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';
import { type WebGames, WebGamesProvider } from './web-game.ts';

/** Start the browser client in the page's #root with these games (a test may add its own). */
export function startWeb(games: WebGames): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <WebGamesProvider value={games}>
        <App />
      </WebGamesProvider>
    </StrictMode>,
  );
}
