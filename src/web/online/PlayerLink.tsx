import './player-link.css';
import { onLinkClick } from '../router.ts';

/** A player's name, linking to their profile page. */
export function PlayerLink({ user }: { user: string }) {
  return (
    <a href={`/player/${user}`} onClick={onLinkClick} className="player-link">
      {user}
    </a>
  );
}
