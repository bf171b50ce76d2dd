/**
 * `npm run bench [-- name …]`: runs every bench/*.bench.ts (or those whose names contain one of
 * the given words), one after another in its own process, passing their JSON lines through:
 * {"bench": name, "metric": …, "value": …, "unit": …}.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
if (files.length === 0) {
  process.stderr.write(`no benchmark matches ${filters.join(' ')}\n`);
  process.exit(2);
}
let failed = false;
for (const file of files) {
  const run = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    process.stderr.write(`${file} failed with status ${run.status}\n`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
