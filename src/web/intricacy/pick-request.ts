/**
 * What `?lock=` on the Pick a lock page asks for: a bundled lock by name (its full name,
 * `tutorial/05-hook`, or the part after the folder, `05-hook` or `axe`), or a metagame lock by
 * its number; anything else gets a sentence saying so.
 */
export type LockRequest =
  | { readonly kind: 'bundled'; readonly name: string }
  | { readonly kind: 'server'; readonly id: number }
  | { readonly kind: 'unknown'; readonly error: string };

const baseName = (name: string): string => name.slice(name.lastIndexOf('/') + 1).toLowerCase();

export function lockRequest(wanted: string, names: readonly string[]): LockRequest {
  const asked = wanted.trim();
  if (/^\d{1,9}$/.test(asked)) return { kind: 'server', id: Number(asked) };
  if (names.includes(asked)) return { kind: 'bundled', name: asked };
  const matches = names.filter((n) => baseName(n) === asked.toLowerCase());
  if (matches.length === 1) return { kind: 'bundled', name: matches[0] as string };
  const shown = asked.length > 40 ? `${asked.slice(0, 40)}…` : asked;
  return {
    kind: 'unknown',
    error:
      matches.length > 1
        ? `"${shown}" names more than one lock (${matches.join(', ')}): give the whole name.`
        : `There is no lock named "${shown}". Choose one from the list, or give a metagame lock's number (?\u2060lock=12).`,
  };
}
