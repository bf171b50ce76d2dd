/**
 * What `tessera intricacy critic` does: the lock critic's verdict on a lock file, or on every lock
 * of the tutorial and the initiation as the Markdown table in locks/README.md.
 */
import {
  type CurriculumLock,
  criticise,
  formatMoveList,
  INITIATION,
  TUTORIAL,
  verdictText,
} from '../games/intricacy/index.ts';
import { readValidLock } from './intricacy-actions.ts';
import { UsageError } from './usage.ts';

const out = (text: string) => process.stdout.write(`${text}\n`);

const number = (n: number) => n.toLocaleString('en');

/** The critic's verdicts on the tutorial and initiation locks, as locks/README.md shows them. */
export function curriculumVerdictTable(): string {
  const rows = (course: readonly CurriculumLock[]) =>
    course.map((l) => {
      const v = criticise(readValidLock(l.name));
      if (v.kind !== 'opens') return `| \`${l.name}\` | ${verdictText(v)} | | |`;
      return `| \`${l.name}\` | ${v.moves.length} | ${v.atLeast ? 'at least ' : ''}${number(v.solutions)} | ${number(v.states)} |`;
    });
  return [
    '| lock | opens in (moves) | distinct shortest solutions | states explored |',
    '|---|---|---|---|',
    ...rows(TUTORIAL),
    ...rows(INITIATION),
  ].join('\n');
}

export function criticCommand(arg: string | undefined, flags: { curriculum?: boolean }): void {
  if (flags.curriculum) {
    out(curriculumVerdictTable());
    return;
  }
  if (arg === undefined) throw new UsageError('give a lock, or --curriculum for every course lock');
  const started = performance.now();
  const verdict = criticise(readValidLock(arg), { timeUp: () => performance.now() - started > 600_000 });
  if (verdict.kind === 'opens') out(formatMoveList(verdict.moves));
  out(verdictText(verdict));
  if (verdict.kind !== 'opens') process.exitCode = 1;
}
