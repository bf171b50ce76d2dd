import { OnlineLobby } from './online/OnlineLobby.tsx';
import { onLinkClick } from './router.ts';

const GAMES = [
  {
    path: '/atom4',
    title: 'Atom-4',
    blurb:
      'Mix coloured light on a triangular lattice; line up four whites or four blacks. Play the computer.',
  },
  {
    path: '/intricacy',
    title: 'Intricacy',
    blurb: 'Pick locks on a hex grid with a hook and a wrench: blocks, pivots, balls and springs.',
  },
  {
    path: '/sigmar',
    title: "Sigmar's Garden",
    blurb: 'A solitaire of 55 alchemical marbles. Every board can be cleared; no account needed.',
  },
  {
    path: '/warpweft',
    title: 'Warp and Weft',
    blurb: 'A connection game on a woven board. Claim threads and the patches between them; join your sides.',
  },
];

export function Lobby() {
  return (
    <section className="lobby">
      <h1>Games on unusual tilings</h1>
      <ul className="cards">
        {GAMES.map((g) => (
          <li key={g.path}>
            <a href={g.path} onClick={onLinkClick} className="card">
              <h2>{g.title}</h2>
              <p>{g.blurb}</p>
            </a>
          </li>
        ))}
      </ul>
      <OnlineLobby />
    </section>
  );
}
