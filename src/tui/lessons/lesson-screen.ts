/**
 * A game's course of lessons in the terminal: the game's board (drawn and played with the keys of
 * its online pad, where it has one) beside the lesson's text and aim, and what the rules say of
 * each move tried. `:` opens a line to type a move in the game's notation; a wrong move is
 * explained and the position stays; a move that meets the aim is shown and Enter goes on.
 */
import { Box, type Key, Text } from 'ink';
import { createElement as h, useMemo, useState } from 'react';
import {
  type AnyCourse,
  firstLessonToDo,
  judgeLessonText,
  type LessonProgress,
  lessonPosition,
} from '../../games/index.ts';
import { useKeys } from '../key-queue.ts';
import { editText } from '../online/text-input.ts';
import type { Cursor, Pad } from '../pad.ts';
import { renderLine } from '../segments.ts';
import type { Theme } from '../theme.ts';
import { loadLessonsDone, recordLessonDone } from './progress.ts';

export interface LessonScreenProps {
  readonly course: AnyCourse;
  /** The game's board and keys, as online play has them; without one, moves are typed. */
  readonly pad?: Pad;
  /** Without a pad: the board's lines (else the game's text board). */
  readonly board?: (state: unknown) => string[];
  readonly theme: Theme;
  readonly onExit: () => void;
}

export function LessonScreen({ course, pad, board, theme, onExit }: LessonScreenProps) {
  const [done, setDone] = useState<LessonProgress>(loadLessonsDone);
  const [index, setIndex] = useState(() => firstLessonToDo(course.lessons, loadLessonsDone()));
  const lesson = course.lessons[index];
  if (!lesson) return null;
  return h(LessonPlay, {
    key: lesson.id,
    course,
    pad,
    board,
    theme,
    index,
    done,
    onMet: () => setDone(recordLessonDone(lesson.id)),
    onGo: (to: number) => setIndex(Math.max(0, Math.min(course.lessons.length - 1, to))),
    onExit,
  });
}

interface Verdict {
  readonly met: boolean;
  readonly message: string;
}

function LessonPlay({
  course,
  pad,
  board: drawn,
  theme,
  index,
  done,
  onMet,
  onGo,
  onExit,
}: LessonScreenProps & {
  index: number;
  done: LessonProgress;
  onMet: () => void;
  onGo: (index: number) => void;
}) {
  const { game, lessons } = course;
  const lesson = lessons[index];
  const start = useMemo(() => (lesson ? lessonPosition(game, lesson) : null), [game, lesson]);
  const first: unknown = start?.ok ? start.value : null;
  const seat = first === null ? 0 : (game.toMove(first) ?? 0);
  const [state, setState] = useState<unknown>(first);
  const [cursor, setCursor] = useState<Cursor | null>(() =>
    pad && first !== null ? pad.start(first) : null,
  );
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [typing, setTyping] = useState<string | null>(pad ? null : '');
  const met = verdict?.met === true;
  const last = index === lessons.length - 1;

  const tryMove = (text: string) => {
    if (!lesson || first === null) return;
    const v = judgeLessonText(game, lesson, first, text);
    if (v.kind === 'met') {
      setState(v.state);
      setVerdict({ met: true, message: v.message });
      onMet();
    } else setVerdict({ met: false, message: v.message });
  };

  const reset = () => {
    setState(first);
    setVerdict(null);
  };

  useKeys((input: string, key: Key) => {
    if (key.escape && typing !== null && pad) return setTyping(null);
    if (key.escape) return onExit();
    if (key.tab) return onGo(index + (key.shift ? -1 : 1));
    if (met) {
      if (key.return) return last ? onExit() : onGo(index + 1);
      if (input === 'r') reset();
      return;
    }
    if (typing !== null) {
      // ":" opens the line; where the line is always open it starts it again.
      if (input === ':' && typing === '') return;
      if (key.return) {
        if (typing.trim() !== '') tryMove(typing);
        return setTyping(pad ? null : '');
      }
      const edited = editText(typing, input, key, 40);
      if (edited !== null) setTyping(edited);
      return;
    }
    if (input === ':') return setTyping('');
    if (!pad || !cursor || state === null) return;
    const result = pad.onKey(input, key, state, cursor, seat);
    if (!result) return;
    if ('cursor' in result) setCursor(result.cursor);
    else if ('move' in result) tryMove(result.move);
    else setVerdict({ met: false, message: result.message });
  });
  if (!lesson || !start) return null;
  if (!start.ok) return h(Text, null, start.error);
  const board =
    pad && cursor
      ? pad.lines(state, cursor, theme, !met, true, seat).map((line, i) => renderLine(line, theme, i))
      : (drawn ? drawn(state) : game.toText(state, { plain: !theme.colour }).split('\n')).map((line, i) =>
          h(Text, { key: i }, line),
        );
  const playKeys = met
    ? `${last ? 'Enter: back to the menu' : 'Enter: next lesson'}  r: again`
    : `${pad ? `${pad.keys.split('  R resign')[0]}  ` : ''}: type a move`;
  const count = lessons.filter((l) => done.includes(l.id)).length;
  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Text,
      { bold: true, wrap: 'truncate' },
      `Learn ${game.title}  ·  lesson ${index + 1} of ${lessons.length}${done.includes(lesson.id) ? ' (done)' : ''}  ·  ${count} done`,
    ),
    h(
      Box,
      { flexDirection: 'row' },
      h(Box, { flexDirection: 'column', flexShrink: 0, marginRight: 2 }, ...board),
      h(
        Box,
        { flexDirection: 'column', flexGrow: 1, flexShrink: 1 },
        h(Text, { bold: true }, lesson.title),
        h(Text, { wrap: 'wrap' }, lesson.teach),
        h(Text, { bold: true, wrap: 'wrap' }, `Aim: ${lesson.aim}`),
        verdict
          ? h(
              Text,
              { wrap: 'wrap', color: theme.colour ? (verdict.met ? 'green' : 'red') : undefined },
              `${verdict.met ? 'Well done. ' : 'Not quite. '}${verdict.message}`,
            )
          : null,
        typing !== null ? h(Text, null, `Move: ${typing}_`) : null,
      ),
    ),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, playKeys),
    h(Text, { dimColor: theme.colour, wrap: 'truncate' }, 'Tab next lesson  Shift-Tab previous  Esc menu'),
  );
}
