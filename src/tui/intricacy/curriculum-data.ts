/**
 * The tutorial and the initiation: the lists of src/games/intricacy/curriculum.ts, or, for a
 * course that list leaves empty, every preset lock in its folder with its opening comment as intro.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type CurriculumLock, INITIATION, TUTORIAL } from '../../games/intricacy/curriculum.ts';
import { presetLockNames } from './lock-files.ts';

export type CourseLock = CurriculumLock;
export type Course = 'tutorial' | 'initiation';

export async function loadCourse(course: Course): Promise<readonly CourseLock[]> {
  const list = course === 'tutorial' ? TUTORIAL : INITIATION;
  if (list.length > 0) return list;
  return presetLockNames()
    .filter((n) => n.startsWith(`${course}/`))
    .map((name) => ({ name, title: name.slice(course.length + 1), intro: introOf(name), shortest: 0 }));
}

function introOf(name: string): string {
  try {
    const text = readFileSync(fileURLToPath(new URL(`../../../locks/${name}.lock`, import.meta.url)), 'utf8');
    return text
      .split('\n')
      .filter((l) => l.startsWith(';'))
      .map((l) => l.slice(1).trim())
      .join(' ');
  } catch {
    return '';
  }
}
