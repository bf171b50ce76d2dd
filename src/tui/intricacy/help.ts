/** Key help for the Intricacy screens, written from the bindings in force (so rebinding shows). */
import { Box, Text } from 'ink';
import { createElement as h } from 'react';
import type { Theme } from '../theme.ts';
import { ACTION_NAMES, ACTIONS, type Action, type KeyConfig, keysOf } from './keys.ts';

const first = (keys: KeyConfig, a: Action): string => keys.bindings[a][0] ?? '-';
const dirs = (keys: KeyConfig, tool: 'hook' | 'wrench'): string =>
  (['E', 'W', 'NE', 'SW', 'NW', 'SE'] as const).map((d) => first(keys, `${tool}${d}`)).join(' ');

/** A few lines of the keys that matter most, for the side panel. */
export function shortHelp(keys: KeyConfig, what: 'pick' | 'edit'): string {
  const f = (a: Action) => first(keys, a);
  if (what === 'edit') {
    return [
      `cursor ${dirs(keys, 'hook')} or arrows`,
      'block + (new *), merge M, select Enter',
      'pivot o, arm -, ball O, spring ~ ~ < >',
      'erase . or Delete, size [ ]',
      'critic C, step its solution ( )',
      `test t, save S, load L, new N, undo ${f('undo')} redo ${f('redo')}`,
      `all keys ${f('help')}, quit ${f('quit')}`,
    ].join('\n');
  }
  return [
    `hook ${dirs(keys, 'hook')}, turn ${f('hookCCW')} ${f('hookCW')}`,
    `wrench ${dirs(keys, 'wrench')}, wait ${f('wait')}`,
    `undo ${f('undo')} redo ${f('redo')} reset ${f('reset')}`,
    `mark ${f('mark')}+letter, to mark ${f('toMark')}+letter, replay ${f('replay')}`,
    `colours ${f('colours')}, blockages ${f('annotations')}`,
    `all keys ${f('help')}, quit ${f('quit')}`,
  ].join('\n');
}

/** Editor keys that are not rebindable actions (key, what it does). */
export const EDITOR_KEYS: readonly (readonly [string, string])[] = [
  ['arrows', 'move the cursor (or the hook direction keys)'],
  ['+ / space', 'add the cell to the selected block'],
  ['*', 'start a new block here'],
  ['Enter', 'select the piece under the cursor'],
  ['M', 'merge the block here into the selected one'],
  ['o', 'pivot centre here'],
  ['-', 'arm from the next pivot to here'],
  ['O', 'ball here'],
  ['~', 'spring: root anchor, then end anchor'],
  ['< >', 'spring here: natural length shorter / longer than placed'],
  ['. / Delete', 'erase what is here'],
  ['[ ]', 'lock size smaller / larger'],
  ['t', 'test the lock (pick it)'],
  ['C', 'the critic: shortest solution, how many, states'],
  ['( )', "step back / on through the critic's solution"],
  ['S / L', 'save / load a lock file'],
  ['N', 'new empty lock (same size)'],
];

/** Every key, in two columns, until any key is pressed. */
export function HelpScreen({ keys, theme, what }: { keys: KeyConfig; theme: Theme; what: 'pick' | 'edit' }) {
  const rows: [string, string][] =
    what === 'pick'
      ? ACTION_NAMES.map((a) => [keysOf(keys.bindings, a), ACTIONS[a]])
      : [
          ...EDITOR_KEYS.map(([k, d]) => [k, d] as [string, string]),
          ...(['undo', 'redo', 'colours', 'help', 'quit'] as const).map(
            (a) => [keysOf(keys.bindings, a), ACTIONS[a]] as [string, string],
          ),
        ];
  const half = Math.ceil(rows.length / 2);
  const cell = ([k, d]: [string, string]) => `${k.padEnd(11)} ${d}`.slice(0, 39).padEnd(40);
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, { bold: true }, `Keys (${keys.scheme} scheme; change them in keys.json, see docs/intricacy.md)`),
    ...rows
      .slice(0, half)
      .map((r, i) =>
        h(
          Text,
          { key: String(i), wrap: 'truncate' },
          cell(r) + (rows[half + i] ? cell(rows[half + i] as [string, string]) : ''),
        ),
      ),
    h(Text, { dimColor: theme.colour }, 'any key: back'),
  );
}
