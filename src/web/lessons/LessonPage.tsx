/**
 * A game's course of lessons: the lesson's text and aim, the game's own board on the lesson's
 * position, and what the rules say of each move tried. A wrong move is explained and the position
 * stays as it was; a move that meets the aim is shown, and the next lesson is offered.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  type AnyCourse,
  firstLessonToDo,
  judgeLessonText,
  type LessonProgress,
  lessonPosition,
} from '../../games/index.ts';
import { BoardText } from '../BoardText.tsx';
import { useSession } from '../online/session.tsx';
import { onLinkClick } from '../router.ts';
import { TypedMove } from '../TypedMove.tsx';
import type { OnlinePlay } from '../web-game.ts';
import { lessonsDone, markLessonDone, syncLessons } from './progress.ts';

export interface LessonPageProps {
  readonly course: AnyCourse;
  /** The game's board and its pieces, as the online game page shows them. */
  // biome-ignore lint/suspicious/noExplicitAny: each game's pieces take its own state type.
  readonly play: OnlinePlay<any>;
  /** An example of a move in the game's notation, for the typed move's box. */
  readonly example: string;
}

export function LessonPage({ course, play, example }: LessonPageProps) {
  const { game, lessons } = course;
  const [done, setDone] = useState<LessonProgress>(lessonsDone);
  const [index, setIndex] = useState(() => firstLessonToDo(lessons, lessonsDone()));
  const { session } = useSession();
  // biome-ignore lint/correctness/useExhaustiveDependencies: synced again for each login only.
  useEffect(() => {
    let live = true;
    void syncLessons().then((synced) => {
      if (live && synced) setDone(synced);
    });
    return () => {
      live = false;
    };
  }, [session?.token]);
  const lesson = lessons[index] ?? lessons[0];
  if (!lesson) return null;
  const count = lessons.filter((l) => done.includes(l.id)).length;
  return (
    <section className="game lesson-page">
      <h1>Learn {game.title}</h1>
      <LessonPlay
        key={`${lesson.id}`}
        course={course}
        index={index}
        play={play}
        example={example}
        onMet={() => setDone(markLessonDone(lesson.id))}
        onNext={() => setIndex(index + 1)}
      />
      <nav className="lesson-list" aria-label="Lessons">
        <p className="meta">
          {count} of {lessons.length} lessons done
        </p>
        <ol>
          {lessons.map((l, i) => (
            <li key={l.id}>
              <button
                type="button"
                aria-current={i === index ? 'step' : undefined}
                onClick={() => setIndex(i)}
              >
                {done.includes(l.id) ? '✓ ' : ''}
                {l.title}
              </button>
            </li>
          ))}
        </ol>
        <a href={`/${game.id}`} onClick={onLinkClick}>
          Play {game.title}
        </a>
      </nav>
    </section>
  );
}

function LessonPlay({
  course,
  index,
  play: board,
  example,
  onMet,
  onNext,
}: LessonPageProps & { index: number; onMet: () => void; onNext: () => void }) {
  const { game, lessons } = course;
  const lesson = lessons[index];
  const start = useMemo(() => (lesson ? lessonPosition(game, lesson) : null), [game, lesson]);
  const [state, setState] = useState<unknown>(start?.ok ? start.value : null);
  const [verdict, setVerdict] = useState<{ met: boolean; message: string } | null>(null);
  if (!lesson || !start) return null;
  if (!start.ok) return <p className="error">{start.error}</p>;
  const met = verdict?.met === true;
  const tryMove = (text: string): string | undefined => {
    if (met) return 'This lesson is done: go on to the next one, or start it again.';
    const v = judgeLessonText(game, lesson, start.value, text);
    if (v.kind === 'met') {
      setState(v.state);
      setVerdict({ met: true, message: v.message });
      onMet();
      return undefined;
    }
    setVerdict({ met: false, message: v.message });
    return undefined;
  };
  const again = () => {
    setState(start.value);
    setVerdict(null);
  };
  const props = {
    view: state,
    myTurn: !met,
    active: !met,
    moveCount: lesson.moves.length,
    seat: game.toMove(start.value) ?? 0,
    play: (text: string) => void tryMove(text),
    say: (message: string) => setVerdict({ met: false, message }),
  };
  const { Board, Status, Buttons, describe } = board;
  const last = index === lessons.length - 1;
  return (
    <>
      {/* The verdict and the buttons sit under the board, in sight of the move just made. */}
      <div className="lesson-board">
        {Board && <Board {...props} />}
        <p
          className={`lesson-verdict${verdict ? (verdict.met ? ' met' : ' wrong') : ''}`}
          role="status"
          aria-live="polite"
        >
          {verdict ? `${verdict.met ? 'Well done. ' : 'Not quite. '}${verdict.message}` : ''}
        </p>
        <div className="buttons">
          {Buttons && <Buttons {...props} />}
          {met && !last && (
            <button type="button" onClick={onNext}>
              Next lesson
            </button>
          )}
          {met && last && (
            <a className="button" href={`/${game.id}`} onClick={onLinkClick}>
              Course done: play {game.title}
            </a>
          )}
          <button type="button" onClick={again}>
            Start again
          </button>
        </div>
      </div>
      <aside className="side lesson">
        <h2>
          {index + 1}. {lesson.title}
        </h2>
        <p>{lesson.teach}</p>
        <p className="aim">
          <strong>{lesson.aim}</strong>
        </p>
        {Status && <Status {...props} />}
        {describe && <BoardText position={describe(state)} announcement={verdict?.message ?? ''} />}
        {!met && <TypedMove notation={game.notation ?? ''} example={example} onMove={tryMove} />}
      </aside>
    </>
  );
}
