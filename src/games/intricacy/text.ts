/**
 * Tessera's lock text format: the lock drawn as a player sees it (hex cells two columns apart,
 * alternate rows offset by one), then a few lines for what a picture cannot show.
 *
 *   ; comment lines start with a semicolon
 *   intricacy lock size 3
 *   <the picture: exactly as many lines as the size's frame is tall>
 *   spring 1,0 -> 1,-2 natural 2     a spring from its root's anchor cell to its end's (x,y)
 *   wrench moving NE                 the wrench's momentum (states only; a lock is at rest)
 *   arm -1,1 of -2,1                 which centre an arm belongs to, only where two could
 *
 * Legend: `#` frame, `=` bolt, `.` empty, `~` empty cell a spring runs through, `O` ball,
 * `o` pivot centre, `H` hook centre, `W` wrench, `-` `/` `\` an arm (its centre is the
 * neighbouring `o` or `H` along the stroke), any other letter or a digit 1–9 a block (all cells with
 * the same character are one block). Coordinates are the axial (x, y) of src/grid/hex.ts:
 * x grows east, y grows up-right (north-east); the centre of the lock is 0,0.
 */
import { HEX_DIRECTION_NAMES, HEX_DIRECTIONS, type Hex, hex, hexAdd, hexToText } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';
import {
  BLOCK_NAMES,
  BOLT,
  compareReading,
  FRAME,
  frameCells,
  key,
  type Lock,
  MAX_SIZE,
  MIN_SIZE,
  openCells,
  type Piece,
  pieceCells,
  type Spring,
  WRENCH,
} from './lock.ts';

const ARM_GLYPHS = ['-', '/', '\\'];
const RESERVED = '#=.~OoHW-/\\';

interface Window {
  readonly minRow: number;
  readonly minCol: number;
  readonly rows: number;
}

/** The drawing window of a size: the bounding box of its frame. */
function windowOf(size: number): Window {
  const pos = frameCells(size).map(hexToText);
  const minRow = Math.min(...pos.map((p) => p.row));
  const maxRow = Math.max(...pos.map((p) => p.row));
  return { minRow, minCol: Math.min(...pos.map((p) => p.column)), rows: maxRow - minRow + 1 };
}

const cellAt = (w: Window, line: number, column: number): Hex | undefined => {
  const row = line + w.minRow;
  const col = column + w.minCol;
  if ((row + col) % 2 !== 0) return undefined;
  return hex((col + row) / 2, 0 - row);
};

export const dirName = (d: number): string => HEX_DIRECTION_NAMES[d] as string;
const parseDir = (s: string): number => HEX_DIRECTION_NAMES.indexOf(s.toUpperCase() as 'E');
const formatCell = (h: Hex) => `${h.x},${h.y}`;

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Draw a lock (or a state of one). Pieces later in the list are drawn over earlier ones.
 * `paint`, for terminals, may wrap each piece's glyph (e.g. in colour codes).
 */
export function lockToText(lock: Lock, paint?: (piece: number, glyph: string) => string): string {
  const w = windowOf(lock.size);
  const glyph = new Map<string, string>();
  const owner = new Map<string, number>();
  const put = (h: Hex, g: string, piece = -1) => {
    glyph.set(key(h), g);
    if (piece >= 0) owner.set(key(h), piece);
  };
  for (const h of openCells(lock.size)) put(h, '.');
  for (const s of lock.springs) for (const h of springCells(s)) put(h, '~');
  const arms: Hex[][] = [];
  let names = 0;
  lock.pieces.forEach((piece, i) => {
    if (piece.kind === 'block') {
      const g = i === FRAME ? '#' : i === BOLT ? '=' : BLOCK_NAMES[names++];
      if (g === undefined) throw new Error(`too many blocks to draw (at most ${BLOCK_NAMES.length})`);
      for (const c of piece.cells) put(c, g, i);
    } else if (piece.kind === 'ball') put(piece.at, 'O', i);
    else if (piece.kind === 'wrench') put(piece.at, 'W', i);
    else {
      const dirs = piece.kind === 'hook' ? [piece.arm] : piece.arms;
      put(piece.centre, piece.kind === 'hook' ? 'H' : 'o', i);
      for (const d of dirs) {
        const at = hexAdd(piece.centre, HEX_DIRECTIONS[d] as Hex);
        put(at, ARM_GLYPHS[d % 3] as string, i);
        arms.push([at, piece.centre]);
      }
    }
  });
  const rows: string[][] = Array.from({ length: w.rows }, () => []);
  for (const [k, g] of glyph) {
    const [x, y] = k.split(',').map(Number) as [number, number];
    const p = hexToText(hex(x, y));
    const row = rows[p.row - w.minRow];
    if (!row) continue;
    const col = p.column - w.minCol;
    while (row.length < col) row.push(' ');
    const piece = owner.get(k);
    row[col] = paint && piece !== undefined ? paint(piece, g) : g;
  }
  const lines = rows.map((r) =>
    r
      .map((c) => c ?? ' ')
      .join('')
      .trimEnd(),
  );
  const out = [`intricacy lock size ${lock.size}`, ...lines];
  for (const s of lock.springs) {
    out.push(`spring ${formatCell(s.rootAnchor)} -> ${formatCell(s.endAnchor)} natural ${s.natural}`);
  }
  const wrench = lock.pieces[WRENCH];
  if (wrench?.kind === 'wrench' && wrench.momentum !== null)
    out.push(`wrench moving ${dirName(wrench.momentum)}`);
  // An arm whose stroke has a centre at both ends needs saying whose it is.
  for (const [at, centre] of arms) {
    const g = glyph.get(key(at));
    const d = HEX_DIRECTIONS.findIndex((v) => hexAdd(at, v).x === centre.x && hexAdd(at, v).y === centre.y);
    const across = hexAdd(at, HEX_DIRECTIONS[(d + 3) % 6] as Hex);
    const other = glyph.get(key(across));
    if (g && (other === 'o' || other === 'H')) out.push(`arm ${formatCell(at)} of ${formatCell(centre)}`);
  }
  return `${out.join('\n')}\n`;
}

/** The cells strictly between a spring's anchors. */
export function springCells(s: Spring): Hex[] {
  const dx = s.endAnchor.x - s.rootAnchor.x;
  const dy = s.endAnchor.y - s.rootAnchor.y;
  const length = Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dx + dy));
  const step = HEX_DIRECTIONS.find((d) => d.x * length === dx && d.y * length === dy);
  if (!step) return [];
  const cells: Hex[] = [];
  for (let i = 1; i < length; i++) cells.push(hex(s.rootAnchor.x + step.x * i, s.rootAnchor.y + step.y * i));
  return cells;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Parse a lock file. Errors say `line L, column C: what`. */
export function parseLockText(text: string): Result<Lock> {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let at = 0;
  const err = (line: number, column: number, what: string) =>
    fail<Lock>(`line ${line + 1}, column ${column + 1}: ${what}`);
  while (at < lines.length && /^\s*(;.*)?$/.test(lines[at] as string)) at++;
  const header = /^intricacy lock size (\d+)\s*$/.exec(lines[at] ?? '');
  if (!header) return err(at, 0, 'expected the header "intricacy lock size N"');
  const size = Number(header[1]);
  if (size < MIN_SIZE || size > MAX_SIZE)
    return err(at, 20, `size must be ${MIN_SIZE} to ${MAX_SIZE}, got ${size}`);
  at++;
  const w = windowOf(size);
  if (at + w.rows > lines.length)
    return err(lines.length - 1, 0, `the picture of a size ${size} lock has ${w.rows} lines`);

  // The picture.
  const open = new Set(openCells(size).map(key));
  const glyphs = new Map<string, { g: string; line: number; column: number; h: Hex }>();
  for (let line = at; line < at + w.rows; line++) {
    const row = lines[line] as string;
    for (let column = 0; column < row.length; column++) {
      const g = row[column] as string;
      const h = cellAt(w, line - at, column);
      if (g === ' ') {
        if (h && open.has(key(h))) return err(line, column, 'a cell of the lock is blank (draw it as ".")');
        continue;
      }
      if (!h) return err(line, column, `"${g}" between cells (cells sit at alternate columns)`);
      if (!open.has(key(h)) && g !== '#')
        return err(line, column, `"${g}" outside the lock (only "#" may be drawn there)`);
      if (!RESERVED.includes(g) && !BLOCK_NAMES.includes(g))
        return err(line, column, `unknown character "${g}"`);
      glyphs.set(key(h), { g, line, column, h });
    }
  }
  for (const h of open)
    if (!glyphs.has(h)) {
      const [x, y] = h.split(',').map(Number) as [number, number];
      const p = hexToText(hex(x, y));
      return err(
        at + p.row - w.minRow,
        p.column - w.minCol,
        'a cell of the lock is missing (draw it as ".")',
      );
    }
  const pictureEnd = at + w.rows;

  // The trailer.
  const springLines: { line: number; root: Hex; end: Hex; natural: number }[] = [];
  const armOwner = new Map<string, Hex>();
  let momentum: number | null = null;
  const cellRe = '(-?\\d+),(-?\\d+)';
  for (let line = pictureEnd; line < lines.length; line++) {
    const t = (lines[line] as string).trim();
    if (t === '' || t.startsWith(';')) continue;
    let m = new RegExp(`^spring ${cellRe} -> ${cellRe} natural (\\d+)$`).exec(t);
    if (m) {
      const natural = Number(m[5]);
      if (natural < 1) return err(line, 0, "a spring's natural length must be at least 1");
      springLines.push({
        line,
        root: hex(Number(m[1]), Number(m[2])),
        end: hex(Number(m[3]), Number(m[4])),
        natural,
      });
      continue;
    }
    m = /^wrench moving (\w+)$/.exec(t);
    if (m) {
      const d = parseDir(m[1] as string);
      if (d < 0) return err(line, 15, `unknown direction "${m[1]}" (E, NE, NW, W, SW or SE)`);
      momentum = d;
      continue;
    }
    m = new RegExp(`^arm ${cellRe} of ${cellRe}$`).exec(t);
    if (m) {
      armOwner.set(`${m[1]},${m[2]}`, hex(Number(m[3]), Number(m[4])));
      continue;
    }
    return err(line, 0, `expected "spring …", "wrench moving …" or "arm … of …", got "${t}"`);
  }

  // Pieces from glyphs.
  const frame: Hex[] = [];
  const bolt: Hex[] = [];
  const blocks = new Map<string, Hex[]>();
  const centres = new Map<string, { h: Hex; hook: boolean; arms: number[] }>();
  const balls: Hex[] = [];
  const wrenches: { h: Hex; line: number; column: number }[] = [];
  const armCells: { h: Hex; g: string; line: number; column: number }[] = [];
  for (const { g, h, line, column } of glyphs.values()) {
    if (g === '#') frame.push(h);
    else if (g === '=') bolt.push(h);
    else if (g === 'O') balls.push(h);
    else if (g === 'W') wrenches.push({ h, line, column });
    else if (g === 'o' || g === 'H') centres.set(key(h), { h, hook: g === 'H', arms: [] });
    else if (ARM_GLYPHS.includes(g)) armCells.push({ h, g, line, column });
    else if (BLOCK_NAMES.includes(g)) blocks.set(g, [...(blocks.get(g) ?? []), h]);
  }
  for (const { h, g, line, column } of armCells) {
    const axis = ARM_GLYPHS.indexOf(g);
    const candidates = [axis, axis + 3]
      .map((d) => ({ d, c: hexAdd(h, HEX_DIRECTIONS[d] as Hex) }))
      .filter(({ c }) => centres.has(key(c)));
    const named = armOwner.get(key(h));
    const chosen = named ? candidates.filter(({ c }) => c.x === named.x && c.y === named.y) : candidates;
    if (chosen.length === 0) return err(line, column, `arm "${g}" has no pivot or hook centre at either end`);
    if (chosen.length > 1)
      return err(line, column, `arm "${g}" could belong to either end: add "arm ${formatCell(h)} of X,Y"`);
    const { d, c } = chosen[0] as { d: number; c: Hex };
    (centres.get(key(c)) as { arms: number[] }).arms.push((d + 3) % 6);
  }
  const hooks = [...centres.values()].filter((c) => c.hook);
  if (hooks.length !== 1) return err(at, 0, `a lock has exactly one hook "H", found ${hooks.length}`);
  const hook = hooks[0] as { h: Hex; arms: number[] };
  if (hook.arms.length !== 1) return err(at, 0, `the hook has exactly one arm, found ${hook.arms.length}`);
  if (wrenches.length !== 1) return err(at, 0, `a lock has exactly one wrench "W", found ${wrenches.length}`);
  if (bolt.length === 0) return err(at, 0, 'the lock has no bolt "="');
  if (frame.length === 0) return err(at, 0, 'the lock has no frame "#"');

  const pieces: Piece[] = [
    { kind: 'block', cells: frame.sort(compareReading) },
    { kind: 'block', cells: bolt.sort(compareReading) },
    { kind: 'hook', centre: hook.h, arm: hook.arms[0] as number },
    { kind: 'wrench', at: (wrenches[0] as { h: Hex }).h, momentum },
  ];
  for (const name of BLOCK_NAMES) {
    const cells = blocks.get(name);
    if (cells) pieces.push({ kind: 'block', cells: cells.sort(compareReading) });
  }
  const pivots = [...centres.values()].filter((c) => !c.hook).sort((a, b) => compareReading(a.h, b.h));
  for (const p of pivots) pieces.push({ kind: 'pivot', centre: p.h, arms: p.arms.sort((a, b) => a - b) });
  for (const b of balls.sort(compareReading)) pieces.push({ kind: 'ball', at: b });

  // Springs: anchors name the pieces at those cells.
  const owner = new Map<string, number>();
  pieces.forEach((p, i) => {
    for (const c of pieceCells(p)) owner.set(key(c), i);
  });
  const springs: Spring[] = [];
  for (const s of springLines) {
    const root = owner.get(key(s.root));
    const end = owner.get(key(s.end));
    if (root === undefined)
      return err(s.line, 0, `no piece at the spring's root anchor ${formatCell(s.root)}`);
    if (end === undefined) return err(s.line, 0, `no piece at the spring's end anchor ${formatCell(s.end)}`);
    springs.push({ root, rootAnchor: s.root, end, endAnchor: s.end, natural: s.natural });
  }
  // A "~" must lie on a spring (so a picture cannot claim springs it does not have).
  const onSpring = new Set(springs.flatMap(springCells).map(key));
  for (const { g, h, line, column } of glyphs.values()) {
    if (g === '~' && !onSpring.has(key(h))) return err(line, column, '"~" where no spring runs');
  }
  return ok({ size, pieces, springs });
}

/** Put a lock's pieces in the order the text format reads them back (see parseLockText). */
export function canonicalLock(lock: Lock): Lock {
  const r = parseLockText(lockToText(lock));
  return r.ok ? r.value : lock;
}
