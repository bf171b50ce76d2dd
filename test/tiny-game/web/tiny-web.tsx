/** Tiny Nim in the browser: played online only, with a button per move and the pile in words. */
import type { OnlineProps, WebGame } from '../../../src/web/web-game.ts';
import { MAX_TAKE, type TinyState, tiny } from '../rules.ts';
import './tiny.css';

function Pile({ view }: OnlineProps<TinyState>) {
  return <p className="meta tiny-pile">{view.left} counters left</p>;
}

function TakeButtons({ view, myTurn, play }: OnlineProps<TinyState>) {
  return (
    <>
      {Array.from({ length: Math.min(MAX_TAKE, view.left) }, (_, i) => i + 1).map((n) => (
        <button key={n} type="button" disabled={!myTurn} onClick={() => play(String(n))}>
          Take {n}
        </button>
      ))}
    </>
  );
}

export const tinyWeb: WebGame = {
  game: tiny,
  blurb: 'Take one to three counters; whoever takes the last one wins.',
  online: { Status: Pile, Buttons: TakeButtons },
};
