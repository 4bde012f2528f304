// npm run bench — run every bench/*.bench.ts in turn (or those whose name contains the argument).
// Each prints its own figures; one that misses a target (or fails) exits 1, and so does this run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const filter = process.argv[2];
const benches = fs
  .readdirSync(__dirname)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const result = spawnSync(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), path.join('bench', file)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
