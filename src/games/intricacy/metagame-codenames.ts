/**
 * Metagame codenames, as in the original Intricacy program: exactly three printable ASCII
 * characters, no lowercase letter and no space. Random suggestions come from the seeded rng.
 */
import type { Rng } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';

export const CODENAME_LENGTH = 3;

/** Every character a codename may hold: printable ASCII (! to ~) without the lowercase letters. */
export const CODENAME_CHARACTERS: string = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) =>
  String.fromCharCode(0x21 + i),
)
  .filter((c) => !(c >= 'a' && c <= 'z'))
  .join('');

/** Ours: random suggestions use capitals and digits only, easy to read aloud and type. */
export const SUGGESTED_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A codename checked, or the first thing wrong with it. */
export function validateCodename(input: unknown): Result<string> {
  if (typeof input !== 'string') return fail('a codename must be text');
  const chars = [...input];
  if (chars.length !== CODENAME_LENGTH)
    return fail(`a codename is exactly ${CODENAME_LENGTH} characters, "${input}" has ${chars.length}`);
  for (const [i, c] of chars.entries()) {
    const where = `character ${i + 1} of "${input}"`;
    if (c === ' ') return fail(`${where} is a space; a codename has no spaces`);
    if (c >= 'a' && c <= 'z')
      return fail(`${where} is lowercase "${c}"; use capitals ("${c.toUpperCase()}")`);
    if (!CODENAME_CHARACTERS.includes(c))
      return fail(`${where} is not printable ASCII (allowed: capitals, digits and ! to ~ symbols)`);
  }
  return ok(input);
}

export const isCodename = (input: unknown): input is string => validateCodename(input).ok;

/**
 * `count` distinct random codenames not in `taken`, drawn from `alphabet` (by default capitals and
 * digits; pass CODENAME_CHARACTERS for every legal codename). Fails when too few are left.
 */
export function randomCodenames(
  rng: Rng,
  count: number,
  taken: Iterable<string>,
  alphabet: string = SUGGESTED_CHARACTERS,
): Result<string[]> {
  if (!Number.isInteger(count) || count < 0) return fail(`count must be a whole number, got ${count}`);
  const symbols = [...new Set(alphabet)];
  if (symbols.some((c) => !CODENAME_CHARACTERS.includes(c)))
    return fail(`the alphabet "${alphabet}" holds characters a codename may not`);
  const used = new Set([...taken]);
  const total = symbols.length ** CODENAME_LENGTH;
  const free = total - [...used].filter((n) => [...n].every((c) => symbols.includes(c))).length;
  if (count > free) return fail(`only ${free} unused codenames are left, ${count} asked for`);
  const out: string[] = [];
  // Rejection sampling is fast while the space is mostly free; when it is crowded, draw from the
  // list of what is left so the loop always ends.
  if (free >= total / 2) {
    while (out.length < count) {
      let name = '';
      for (let i = 0; i < CODENAME_LENGTH; i++) name += rng.pick(symbols);
      if (!used.has(name)) {
        used.add(name);
        out.push(name);
      }
    }
    return ok(out);
  }
  const left: string[] = [];
  for (let i = 0; i < total; i++) {
    let name = '';
    for (let k = i, j = 0; j < CODENAME_LENGTH; j++, k = Math.floor(k / symbols.length))
      name = (symbols[k % symbols.length] as string) + name;
    if (!used.has(name)) left.push(name);
  }
  return ok(rng.shuffle(left).slice(0, count));
}
