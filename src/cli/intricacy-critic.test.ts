/** `tessera intricacy critic`, run as a user runs it, and the verdict table in locks/README.md. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '../..');
const tessera = (args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'src/cli/main.ts'), 'intricacy', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('tessera intricacy critic', () => {
  it('gives the same shortest length and states explored as solve, with the count of solutions', () => {
    const solved = tessera(['solve', 'tutorial/05-hook']);
    const [, summary] = solved.stdout.trim().split('\n');
    const [, length, states] = /^length (\d+) \(shortest; (\d+) states searched/.exec(summary ?? '') ?? [];
    const r = tessera(['critic', 'tutorial/05-hook']);
    assert.equal(r.status, 0, r.stderr);
    const [moves, verdict] = r.stdout.trim().split('\n');
    assert.equal(moves?.split(' ').length, Number(length));
    assert.equal(
      verdict,
      `Opens in ${length} moves; 8 distinct shortest solutions; ${Number(states).toLocaleString('en')} states explored.`,
    );
    const none = tessera(['critic']);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /give a lock, or --curriculum/);
  });

  it("locks/README.md shows exactly the critic's verdicts on the tutorial and initiation locks", () => {
    const readme = readFileSync(join(ROOT, 'locks/README.md'), 'utf8');
    const section = /<!-- critic verdicts: start -->\n([\s\S]*?)\n<!-- critic verdicts: end -->/.exec(readme);
    assert.ok(section, 'locks/README.md has the verdict section between its markers');
    const generated = tessera(['critic', '--curriculum']);
    assert.equal(generated.status, 0, generated.stderr);
    assert.equal(
      section[1],
      generated.stdout.trimEnd(),
      'locks/README.md differs from "./tessera intricacy critic --curriculum": paste its output between the markers',
    );
  });
});
