/** Sigmar's garden for the lesson page: click a marble, then its partner (gold alone). */
import { useState } from 'react';
import { cellName, cellsOf, GOLD, isFree, type SigmarState } from '../../games/sigmar/index.ts';
import type { OnlinePlay, OnlineProps } from '../web-game.ts';
import { describeSigmar } from './describe.ts';
import { SigmarBoardSvg } from './SigmarBoardSvg.tsx';

function SigmarLessonBoard({ view: state, myTurn, play, say }: OnlineProps<SigmarState>) {
  const [selected, setSelected] = useState<number | null>(null);
  const cells = cellsOf(state);
  const onCell = (cell: number) => {
    if (!myTurn || cells[cell] === 0) return;
    if (!isFree(cells, cell)) {
      say(`${cellName(cell)} is not free: a marble is free when three of its neighbours in a row are empty.`);
      return;
    }
    if (cells[cell] === GOLD) {
      setSelected(null);
      play(cellName(cell));
    } else if (selected === null) setSelected(cell);
    else if (selected === cell) setSelected(null);
    else {
      setSelected(null);
      play(`${cellName(selected)} ${cellName(cell)}`);
    }
  };
  return (
    // The garden's own frame and background, as on the game's page.
    <div className="sigmar">
      <div className="board-wrap">
        <SigmarBoardSvg
          cells={cells}
          selected={selected}
          hinted={[]}
          dimBlocked
          effects={false}
          onCell={onCell}
        />
      </div>
    </div>
  );
}

/** The lesson page's pieces for Sigmar's Garden: only the board. */
export const SigmarLessonPlay: OnlinePlay<SigmarState> = {
  Board: SigmarLessonBoard,
  describe: describeSigmar,
};
