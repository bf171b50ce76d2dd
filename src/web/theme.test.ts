/**
 * The page's two colour themes, read from the style sheet: both set the same colours, every text
 * meets WCAG AA contrast on its background in both, and what tells the two players (or the pieces)
 * apart survives the common colour-vision deficiencies.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  blend,
  type Color,
  differenceCiede2000,
  filterDeficiencyDeuter,
  filterDeficiencyProt,
  filterDeficiencyTrit,
  parse,
  wcagContrast,
} from 'culori';
import { MARK_INK, MARKS, OUTLINED, SWATCHES } from './atom4/colours.ts';
import { MARBLES } from './sigmar/marbles.ts';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The custom properties set by the rule with exactly this selector. */
function properties(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, `styles.css has no rule for ${selector}`);
  const body = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

const THEMES = { light: properties(':root'), dark: properties(':root[data-theme="dark"]') };

/** A theme's colour, with a translucent one laid over `under` as the browser paints it. */
function colour(theme: Record<string, string>, name: string, under = '--panel'): Color {
  const value = theme[name];
  assert.ok(value, `no ${name}`);
  const parsed = parse(value);
  assert.ok(parsed, `${name}: ${value} is not a colour`);
  if ((parsed.alpha ?? 1) === 1) return parsed;
  return blend([colour(theme, under), parsed]);
}

/** Text (4.5:1, WCAG AA) on the backgrounds it is set on. */
const TEXT: [text: string, background: string][] = [
  ['--ink', '--bg'],
  ['--ink', '--panel'],
  ['--ink', '--tint'],
  ['--ink', '--note-bg'],
  ['--muted', '--bg'],
  ['--muted', '--panel'],
  ['--muted', '--tint'],
  ['--accent', '--bg'],
  ['--error', '--bg'],
  ['--error', '--panel'],
  ['--good', '--bg'],
  ['--good', '--panel'],
  ['--good', '--note-bg'],
  ['--on-ink', '--ink'],
  ['--topbar-ink', '--topbar'],
];

/** Marks that are not text (3:1, WCAG AA for graphics): the focus ring, the players' colours. */
const MARKS_ON: [mark: string, background: string][] = [
  ['--focus', '--bg'],
  ['--focus', '--panel'],
  ['--warp', '--panel'],
  ['--weft', '--panel'],
  ['--warp', '--bg'],
  ['--weft', '--bg'],
];

const SIMULATIONS = {
  deuteranopia: filterDeficiencyDeuter(1),
  protanopia: filterDeficiencyProt(1),
  tritanopia: filterDeficiencyTrit(1),
};
const distance = differenceCiede2000();

describe('colour themes', () => {
  it('the dark theme sets every colour the light one does, and no other', () => {
    assert.deepEqual(Object.keys(THEMES.dark).sort(), Object.keys(THEMES.light).sort());
  });

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`${name}: every text has 4.5:1 contrast on its background`, () => {
      const low = TEXT.map(
        ([text, bg]) => [text, bg, wcagContrast(colour(theme, text), colour(theme, bg))] as const,
      )
        .filter(([, , ratio]) => ratio < 4.5)
        .map(([text, bg, ratio]) => `${text} on ${bg}: ${ratio.toFixed(2)}`);
      assert.deepEqual(low, []);
    });

    it(`${name}: the focus ring and the players' colours have 3:1 contrast on the page`, () => {
      const low = MARKS_ON.map(
        ([mark, bg]) => [mark, bg, wcagContrast(colour(theme, mark), colour(theme, bg))] as const,
      )
        .filter(([, , ratio]) => ratio < 3)
        .map(([mark, bg, ratio]) => `${mark} on ${bg}: ${ratio.toFixed(2)}`);
      assert.deepEqual(low, []);
    });

    it(`${name}: Warp's and Weft's colours stay far apart for colour-blind players`, () => {
      for (const [deficiency, simulate] of Object.entries(SIMULATIONS)) {
        const seen = [colour(theme, '--warp'), colour(theme, '--weft')].map((c) => simulate(c));
        const apart = distance(seen[0], seen[1]);
        // 20 is a difference anyone sees at a glance (2.3 is the least that can be noticed).
        assert.ok(apart >= 20, `with ${deficiency} they are only ${apart.toFixed(1)} apart`);
      }
    });
  }
});

describe('pieces told apart without colour', () => {
  it('every Atom-4 colour has its own letter, readable (4.5:1) on its piece', () => {
    assert.equal(new Set(MARKS).size, SWATCHES.length);
    SWATCHES.forEach((swatch, i) => {
      const ratio = wcagContrast(MARK_INK[i] as string, swatch);
      assert.ok(ratio >= 4.5, `${MARKS[i]}: ${ratio.toFixed(2)}`);
    });
  });

  it("Warp's and Weft's claimed threads and patches stand out (3:1) from free ones, in both themes", () => {
    const sheet = readFileSync(new URL('./warpweft/warpweft.css', import.meta.url), 'utf8');
    const weave = (selector: string) => {
      const start = sheet.indexOf(`${selector} {`);
      const body = sheet.slice(start, sheet.indexOf('}', start));
      return Object.fromEntries(
        [...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]),
      );
    };
    const cloth = { light: weave('.weave'), dark: weave(':root[data-theme="dark"] .weave') };
    for (const [name, theme] of Object.entries(THEMES)) {
      const free = cloth[name as keyof typeof cloth];
      // Warp claims vertical threads, Weft horizontal ones; both claim patches.
      const pairs = [
        ['--warp', '--weave-vthread'],
        ['--weft', '--weave-hthread'],
        ['--warp', '--weave-patch'],
        ['--weft', '--weave-patch'],
      ] as const;
      for (const [side, piece] of pairs) {
        const ratio = wcagContrast(colour(theme, side), free[piece] as string);
        assert.ok(ratio >= 3, `${name}: ${side} on ${piece}: ${ratio.toFixed(2)}`);
      }
    }
  });

  it('every Atom-4 piece stands out (3:1) from the dark board, by its colour or by its light outline', () => {
    const sheet = readFileSync(new URL('./atom4/atom4.css', import.meta.url), 'utf8');
    const board = /\.atom4 \{[^}]*background: (#[0-9a-f]+)/.exec(sheet)?.[1];
    const outline = /\.atom4 \.piece\.outlined \{[^}]*stroke: (#[0-9a-f]+)/.exec(sheet)?.[1];
    assert.ok(board && outline);
    SWATCHES.forEach((swatch, i) => {
      const mark = MARKS[i] as string;
      const edge = OUTLINED.includes(mark) ? outline : swatch;
      const ratio = wcagContrast(edge, board);
      assert.ok(ratio >= 3, `${mark}: ${ratio.toFixed(2)} on the board`);
    });
  });

  it("every Sigmar's Garden marble has its own symbol, visible (3:1) on the marble", () => {
    const marbles = MARBLES.slice(1);
    assert.equal(new Set(marbles.map((m) => m.symbol)).size, marbles.length);
    for (const m of marbles) {
      const ratio = wcagContrast(m.ink, m.colour);
      assert.ok(ratio >= 3, `${m.name}: ${ratio.toFixed(2)}`);
    }
  });
});
