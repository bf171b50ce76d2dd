import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { initiationSkipped, loadProgress, recordSolve, skipInitiation } from './progress.ts';

describe('tutorial and initiation progress', () => {
  const home = mkdtempSync(join(tmpdir(), 'tessera-progress-'));
  const env = { XDG_CONFIG_HOME: home };
  after(() => rmSync(home, { recursive: true, force: true }));

  it('keeps the best solve of each lock and the skip setting side by side', () => {
    assert.deepEqual(loadProgress(env), {});
    assert.equal(initiationSkipped(env), false);
    let progress = recordSolve({}, 'tutorial/01-winning', 9, env);
    progress = recordSolve(progress, 'tutorial/01-winning', 6, env);
    progress = recordSolve(progress, 'tutorial/01-winning', 8, env);
    skipInitiation(env);
    assert.equal(initiationSkipped(env), true);
    assert.deepEqual(loadProgress(env), { 'tutorial/01-winning': 6 }, 'skipping kept the solves');
    recordSolve(progress, 'initiation/AXE', 13, env);
    assert.equal(initiationSkipped(env), true, 'a later solve kept the skip');
  });

  it('reads a damaged file as no progress', () => {
    writeFileSync(join(home, 'tessera', 'intricacy-progress.json'), '{"solved": {"x": -1, "y": "no"}, ');
    assert.deepEqual(loadProgress(env), {});
    assert.equal(initiationSkipped(env), false);
  });
});
