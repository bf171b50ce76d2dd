import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { configDir } from '../config.ts';
import {
  ACTION_NAMES,
  actionOf,
  DEFAULT_BINDINGS,
  isKeyName,
  keyNames,
  loadKeyConfig,
  moveOf,
  parseKeyConfig,
  SCHEMES,
} from './keys.ts';

describe('Intricacy key bindings', () => {
  it("gives the original's default keys: hook l h u b y n, turn k j, wrench in capitals", () => {
    const b = DEFAULT_BINDINGS.original;
    assert.deepEqual(moveOf(actionOf(b, 'l') ?? 'quit'), { tool: 'hook', dir: 0 });
    assert.deepEqual(moveOf(actionOf(b, 'y') ?? 'quit'), { tool: 'hook', dir: 2 });
    assert.deepEqual(moveOf(actionOf(b, 'k') ?? 'quit'), { tool: 'hook', turn: 1 });
    assert.deepEqual(moveOf(actionOf(b, 'B') ?? 'quit'), { tool: 'wrench', dir: 4 });
    assert.deepEqual(moveOf(actionOf(b, '5') ?? 'quit'), { tool: 'wait' });
  });

  it('has the WASD-like scheme: the six keys around s are the six directions', () => {
    const b = DEFAULT_BINDINGS.wasd;
    const dirs = ['d', 'e', 'w', 'a', 'z', 'x'].map((k) => moveOf(actionOf(b, k) ?? 'quit'));
    assert.deepEqual(
      dirs,
      [0, 1, 2, 3, 4, 5].map((dir) => ({ tool: 'hook', dir })),
    );
    assert.deepEqual(moveOf(actionOf(b, 's') ?? 'quit'), { tool: 'wait' });
  });

  it('never binds one key to two actions in a default scheme', () => {
    for (const scheme of SCHEMES) {
      const seen = new Map<string, string>();
      for (const a of ACTION_NAMES) {
        for (const k of DEFAULT_BINDINGS[scheme][a]) {
          assert.equal(seen.get(k), undefined, `${scheme}: ${k} bound to ${seen.get(k)} and ${a}`);
          seen.set(k, a);
          assert.ok(isKeyName(k), `${scheme}: ${k} is a key name`);
        }
      }
    }
  });

  it('rebinds an action and takes its key away from the action that had it', () => {
    const r = parseKeyConfig({ intricacy: { bind: { undo: 'l', hookE: ['right', 'ctrl+f'] } } });
    assert.ok(r.ok);
    assert.deepEqual(r.value.bindings.undo, ['l']);
    assert.deepEqual(r.value.bindings.hookE, ['right', 'ctrl+f']);
    assert.equal(actionOf(r.value.bindings, 'l'), 'undo');
    assert.equal(actionOf(r.value.bindings, 'z'), undefined);
  });

  it('names the bad entry of a config', () => {
    const error = (v: unknown) => {
      const r = parseKeyConfig(v);
      assert.equal(r.ok, false);
      return r.ok ? '' : r.error;
    };
    assert.match(
      error({ intricacy: { bind: { hookEast: 'l' } } }),
      /^intricacy\.bind\.hookEast: unknown action/,
    );
    assert.match(error({ intricacy: { scheme: 'dvorak' } }), /^intricacy\.scheme: "dvorak" is not a scheme/);
    assert.match(
      error({ intricacy: { bind: { undo: 'F12' } } }),
      /^intricacy\.bind\.undo: "F12" is not a key/,
    );
    assert.match(
      error({ intricacy: { bind: { undo: 'g', redo: 'g' } } }),
      /^intricacy\.bind\.redo: key "g" is also bound to undo/,
    );
    assert.match(error({ intricacy: { colour: true } }), /^intricacy\.colour: unknown setting/);
    assert.match(error({ sigmar: {} }), /^"sigmar": unknown section/);
    assert.match(error([]), /JSON object/);
  });

  it('reads keys.json from $XDG_CONFIG_HOME/tessera/, and falls back with a warning', () => {
    const home = mkdtempSync(join(tmpdir(), 'tessera-keys-'));
    const env = { XDG_CONFIG_HOME: home, HOME: '/nonexistent' };
    assert.equal(configDir(env), join(home, 'tessera'));
    assert.equal(configDir({ HOME: '/home/x' }), '/home/x/.config/tessera');
    assert.equal(loadKeyConfig(env).scheme, 'original');
    mkdirSync(join(home, 'tessera'));
    writeFileSync(join(home, 'tessera', 'keys.json'), '{"intricacy": {"scheme": "wasd"}}');
    assert.equal(loadKeyConfig(env).scheme, 'wasd');
    writeFileSync(join(home, 'tessera', 'keys.json'), '{"intricacy": ');
    const broken = loadKeyConfig(env);
    assert.equal(broken.scheme, 'original');
    assert.match(broken.warning ?? '', /keys\.json: not valid JSON/);
  });

  it('splits a burst of typed keys into single key presses', () => {
    const plain = {} as Parameters<typeof keyNames>[1];
    assert.deepEqual(keyNames('l', plain), ['l']);
    assert.deepEqual(keyNames('llU. ', plain), ['l', 'l', 'U', '.', 'space']);
    assert.deepEqual(keyNames('', { ...plain, upArrow: true }), ['up']);
  });
});
