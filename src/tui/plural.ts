/** "1 note", "2 notes": a count with its noun in the right number (`plural` for irregular nouns). */
export const count = (n: number, noun: string, plural = `${noun}s`): string =>
  `${n} ${n === 1 ? noun : plural}`;
