/** The page title's count of games awaiting your move (the rest of notices: src/engine/game-notices.ts). */
import type { FrameOf } from '../../api/index.ts';

export type Notice = FrameOf<'notice'>;

/** The page's title with the count of games awaiting your move in front: "(2) Tessera". */
export const titleWithCount = (title: string, awaiting: number): string =>
  awaiting > 0 ? `(${awaiting}) ${title}` : title;
