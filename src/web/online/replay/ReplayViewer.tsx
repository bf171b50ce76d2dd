/**
 * The replay viewer of a server game: the board at any move, stepped with buttons, the keys ← →
 * Home End, a swipe on the board, or a click on a move. The address follows it (`?move=K`), so a
 * link opens that position. The game is read once from its start and every position is rebuilt by
 * the game's rules (src/engine/replay.ts); a position the rules cannot rebuild is asked of the server.
 */
import { useEffect, useRef, useState } from 'react';
import { type GameShow, resultText } from '../../../api/index.ts';
import {
  loadReplay,
  moveParam,
  type Replay,
  type ReplayStep,
  replayCaption,
  stepTo,
} from '../../../engine/index.ts';
import { canAnalyse } from '../../../games/index.ts';
import { BoardText } from '../../BoardText.tsx';
import type { OnlineProps, WebGame } from '../../web-game.ts';
import { api, type Session } from '../api.ts';
import { AnalysisPanel, useAnalysis } from './AnalysisPanel.tsx';
import { hintText, markedAfter } from './analysis.ts';
import './replay.css';

/** A swipe this long (in CSS pixels) across the board steps a move. */
const SWIPE_PX = 40;

/** The path of a position's link: `/game/12?move=5`. */
export const positionPath = (id: number, at: number): string => `/game/${id}?move=${at}`;

export function ReplayViewer({
  id,
  web,
  session,
  moveCount,
  onLive,
}: {
  id: number;
  web: WebGame;
  session: Session | null;
  /** Moves in the game as the page knows it: a new one (the game ending) reads the game again. */
  moveCount: number;
  /** Back to the live game, for a game still being played (none once it is over). */
  onLive?: () => void;
}) {
  const { game } = web;
  const [replay, setReplay] = useState<Replay | null>(null);
  const [at, setAt] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  // Positions the rules could not rebuild here, as the server showed them.
  const [fetched, setFetched] = useState<ReadonlyMap<number, unknown>>(new Map());
  const swipeFrom = useRef<number | null>(null);
  const moveList = useRef<HTMLOListElement>(null);
  const boardBox = useRef<HTMLDivElement>(null);
  const analysable = canAnalyse(game) && replay?.show.status === 'finished';
  const analysis = useAnalysis(id, session, analysable);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the game has more moves
  useEffect(() => {
    let current = true;
    loadReplay(game, id, (path) => api<GameShow>('GET', path, undefined, session)).then(
      (loaded) => {
        if (!current) return;
        setReplay(loaded);
        setAt((was) => was ?? moveParam(window.location.search, loaded.moves.length) ?? loaded.moves.length);
      },
      (e: Error) => current && setProblem(`Cannot read game ${id} for its replay: ${e.message}.`),
    );
    return () => {
      current = false;
    };
  }, [id, session, moveCount]);

  const total = replay?.moves.length ?? 0;
  const go = (to: number) => {
    const next = Math.max(0, Math.min(total, to));
    setAt(next);
    // The address follows the viewer without filling the history with every step.
    window.history.replaceState(null, '', positionPath(id, next));
  };
  const step = (how: ReplayStep) => at !== null && go(stepTo(at, how, total));

  // ← → Home End step the replay wherever the focus is, but in a field being typed in.
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    const steps: Readonly<Record<string, ReplayStep>> = {
      ArrowLeft: 'back',
      ArrowRight: 'forward',
      Home: 'first',
      End: 'last',
    };
    const onKey = (event: KeyboardEvent) => {
      const how = steps[event.key];
      const target = event.target as HTMLElement | null;
      if (!how || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      event.stopPropagation();
      stepRef.current(how);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // The current move stays in view in the list, which scrolls by itself (never the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step is drawn
  useEffect(() => {
    const list = moveList.current;
    if (!list) return;
    const current = list.querySelector<HTMLElement>('[aria-current="step"]');
    list.scrollTop = current ? Math.max(0, current.offsetTop - list.clientHeight / 2) : 0;
  }, [at, replay]);

  const view = replay && at !== null ? (replay.views[at] ?? fetched.get(at)) : undefined;
  // A position past what the rules rebuilt here: the server shows it.
  useEffect(() => {
    if (!replay || at === null || view !== undefined) return;
    api<GameShow>('GET', `/api/games/${id}?at=${at}&limit=1`, undefined, session).then(
      (shown) => setFetched((m) => new Map(m).set(at, shown.view)),
      (e: Error) => setProblem(`Cannot show move ${at}: ${e.message}.`),
    );
  }, [replay, at, view, id, session]);

  if (problem) return <p className="error replay">{problem}</p>;
  if (!replay || at === null) return <p className="replay meta">Loading the replay…</p>;

  const { Board, describe, Status } = web.online ?? {};
  const ready = analysis.answer?.state === 'ready' ? analysis.answer.analysis : null;
  const marked = markedAfter(ready, at);
  const props: OnlineProps | null =
    view === undefined
      ? null
      : {
          view,
          myTurn: false,
          active: false,
          moveCount: at,
          players: replay.show.players,
          hint: marked?.better ?? null,
          play: () => undefined,
          say: () => undefined,
        };
  const onTouchStart = (e: React.TouchEvent) => {
    swipeFrom.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const from = swipeFrom.current;
    const to = e.changedTouches[0]?.clientX;
    swipeFrom.current = null;
    if (from === null || to === undefined || Math.abs(to - from) < SWIPE_PX) return;
    // A swipe to the left brings the next move, as turning a page.
    step(to < from ? 'forward' : 'back');
  };
  const caption = replayCaption(at, replay.moves);
  return (
    <section className="replay" aria-label="Replay">
      <div className="replay-board" ref={boardBox} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {!props ? (
          <p className="meta">Loading move {at}…</p>
        ) : Board ? (
          <Board {...props} />
        ) : (
          <div className="board-wrap">
            <pre className="text-board">{game.toText(props.view, { names: replay.show.players })}</pre>
          </div>
        )}
      </div>
      {Board && view !== undefined && <BoardText position={describe?.(view) ?? ''} />}
      {/* The move shown and the buttons that step it, together right under the board. */}
      <div className="replay-bar">
        <div className="replay-steps">
          <button type="button" aria-label="First position" onClick={() => step('first')} disabled={at === 0}>
            |◀
          </button>
          <button type="button" aria-label="Previous move" onClick={() => step('back')} disabled={at === 0}>
            ◀
          </button>
          <button
            type="button"
            aria-label="Next move"
            onClick={() => step('forward')}
            disabled={at === total}
          >
            ▶
          </button>
          <button
            type="button"
            aria-label="Last position"
            onClick={() => step('last')}
            disabled={at === total}
          >
            ▶|
          </button>
        </div>
        <p className="replay-caption" aria-live="polite">
          {caption}
        </p>
      </div>
      {marked && <p className="analysis-hint">{hintText(marked, replay.show.players)}</p>}
      {at === total && replay.show.status !== 'active' && (
        <p className="replay-result">{resultText(replay.show)}.</p>
      )}
      <p className="meta replay-help">
        Keys: ← → a move, Home End the start and the end; on a touch screen, swipe the board.
      </p>
      {Status && props && <Status {...props} />}
      <div className="buttons replay-links">
        <a href={positionPath(id, at)} className="replay-link">
          Link to this position
        </a>
        <a href={`/api/games/${id}/export`} download={`tessera-${replay.show.gameType}-${id}.txt`}>
          Download the moves (text)
        </a>
        {onLive && (
          <button type="button" className="small secondary" onClick={onLive}>
            Back to the live game
          </button>
        )}
      </div>
      {analysable && (
        <AnalysisPanel
          {...analysis}
          session={session}
          players={replay.show.players}
          at={at}
          go={(to) => {
            go(to);
            // A marked move chosen below the board: bring the board, and its better move, into view.
            boardBox.current?.scrollIntoView({ block: 'nearest' });
          }}
        />
      )}
      <ol className="replay-moves" aria-label="Moves of the replay" ref={moveList}>
        {replay.moves.map((move, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a move's place in the game is its key.
          <li key={i}>
            <button
              type="button"
              className={`replay-move${ready?.moves[i]?.mark ? ` ${ready.moves[i]?.mark}` : ''}`}
              aria-current={i + 1 === at ? 'step' : undefined}
              aria-label={`Move ${i + 1}: ${move}`}
              onClick={() => go(i + 1)}
            >
              {move}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
