/**
 * Named marks on a picking history (the original's marks, vi-style: `m a` saves the turn on
 * screen as mark a, `' a` returns to it). Marks map a name to the turn it saved.
 */
export type Marks = Readonly<Record<string, number>>;

/** The names a mark may have, in the order a Mark button without a keyboard hands them out. */
const MARK_NAMES = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A mark is named by one letter or digit, as in vi. */
export const isMarkName = (key: string): boolean => key.length === 1 && MARK_NAMES.includes(key);

/** The first name not yet used. */
export const nextFreeMark = (marks: Marks): string => [...MARK_NAMES].find((n) => !(n in marks)) ?? 'a';

/** The marks in name order, each with its turn. */
export const markList = (marks: Marks): { name: string; turn: number }[] =>
  Object.entries(marks)
    .map(([name, turn]) => ({ name, turn }))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));

/** "a@12 b@30", for a side panel. */
export const formatMarks = (marks: Marks): string =>
  markList(marks)
    .map(({ name, turn }) => `${name}@${turn}`)
    .join(' ');

/** The marks at or before `at`: a new move from `at` replaces every state after it. */
export const marksUpTo = (marks: Marks, at: number): Marks =>
  Object.fromEntries(Object.entries(marks).filter(([, turn]) => turn <= at));
