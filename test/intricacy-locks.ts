/**
 * Two tutorial locks the end-to-end tests place, pick and declare, read from the collection, and
 * solutions of them (the curriculum test checks their shortest lengths, so a redesign shows there).
 */
import { readFileSync } from 'node:fs';

const read = (name: string): string =>
  readFileSync(new URL(`../locks/${name}.lock`, import.meta.url), 'utf8');

/** The bolt hangs on a spring from block A: the last move drags A west and the spring pulls the bolt after it. */
export const PULL = read('tutorial/05-hook');
export const PULL_SOLUTION = 'hE hE hNE hNE hNE h+ hW';
export const BALLS = read('tutorial/07-balls');
export const BALLS_SOLUTION = 'hE hE hE h+ hNE hNE hNE hW h+';
/** Opens in three moves: easy enough that placing it asks first. */
export const CONFLICTS = read('tutorial/11-conflicts');
