import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  animates,
  DEFAULT_SETTINGS,
  isPickerSettings,
  toggleAnimate,
  toggleBlockages,
  toggleColouring,
} from './picker-settings.ts';

describe("the picker's display settings", () => {
  it('accepts stored settings with or without the phases toggle, and nothing else', () => {
    assert.ok(isPickerSettings(DEFAULT_SETTINGS));
    assert.ok(isPickerSettings({ colouring: 'nature', blockages: false }));
    assert.ok(!isPickerSettings({ colouring: 'rainbow', blockages: true }));
    assert.ok(!isPickerSettings({ colouring: 'nature', blockages: 'yes' }));
    assert.ok(!isPickerSettings({ colouring: 'nature', blockages: true, animate: 1 }));
    assert.ok(!isPickerSettings(null));
  });

  it('toggles each setting and leaves the others alone', () => {
    assert.deepEqual(toggleColouring(DEFAULT_SETTINGS), { ...DEFAULT_SETTINGS, colouring: 'nature' });
    assert.deepEqual(toggleColouring(toggleColouring(DEFAULT_SETTINGS)), DEFAULT_SETTINGS);
    assert.deepEqual(toggleBlockages(DEFAULT_SETTINGS), { ...DEFAULT_SETTINGS, blockages: false });
    assert.equal(animates(toggleAnimate(DEFAULT_SETTINGS)), false);
  });

  it('animates settings saved before the phases toggle, and turns them off with one press', () => {
    const old = { colouring: 'adjacent', blockages: true } as const;
    assert.ok(animates(old));
    assert.equal(animates(toggleAnimate(old)), false);
  });
});
