/**
 * Copy-paste check (issue 27): runs jscpd with `.jscpd.json` (fixtures, migrations and drizzle
 * column shapes ignored) and fails when the clone count rises above MAX_CLONES. Lower the
 * threshold when you remove a clone; never raise it to let a new one in.
 *
 *   npm run cpd
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The count on main: 15 at the start of issue 27, 8 on 2026-11-27 morning, 1 now. The one left is
 * deliberate: trendChannel.ts fits every candidate channel in a hot loop and then refits the chosen
 * one with its band (the fit's six lines inline in both, for speed; the analysis bench's figures).
 */
const MAX_CLONES = 1;

interface Report {
  statistics: { total: { clones: number; duplicatedLines: number; percentage: number } };
  duplicates: { firstFile: { name: string; start: number }; secondFile: { name: string; start: number } }[];
}

const output = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-cpd-'));
try {
  execFileSync(path.join('node_modules', '.bin', 'jscpd'), ['--config', '.jscpd.json', '--output', output], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const report = JSON.parse(fs.readFileSync(path.join(output, 'jscpd-report.json'), 'utf8')) as Report;
  const { clones, duplicatedLines, percentage } = report.statistics.total;
  for (const d of report.duplicates)
    console.log(`  ${d.firstFile.name}:${d.firstFile.start}  ~  ${d.secondFile.name}:${d.secondFile.start}`);
  console.log(
    `jscpd: ${clones} clones, ${duplicatedLines} duplicated lines (${percentage.toFixed(2)} %); threshold ${MAX_CLONES}`,
  );
  if (clones > MAX_CLONES) {
    console.error(`Too many clones: ${clones} > ${MAX_CLONES}. Move the repeated code to one place.`);
    process.exit(1);
  }
} finally {
  fs.rmSync(output, { recursive: true, force: true });
}
