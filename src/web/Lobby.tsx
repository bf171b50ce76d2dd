import { useMemo } from 'react';
import { LearnLink } from './lessons/index.ts';
import { OnlineLobby } from './online/OnlineLobby.tsx';
import { onLinkClick } from './router.ts';
import { gameCards } from './routes.ts';
import { useWebGames } from './web-game.ts';

export function Lobby() {
  const games = useWebGames();
  const cards = useMemo(() => gameCards(games), [games]);
  return (
    <section className="lobby">
      <h1>Games on unusual tilings</h1>
      <ul className="cards">
        {cards.map((g) => (
          <li key={g.path}>
            <a href={g.path} onClick={onLinkClick} className="card">
              <h2>{g.title}</h2>
              <p>{g.blurb}</p>
            </a>
            <LearnLink gameId={g.path.slice(1)} className="card-learn" />
          </li>
        ))}
      </ul>
      <OnlineLobby />
    </section>
  );
}
