/**
 * The top frames of a V8 CPU profile (.cpuprofile, as `node --cpu-prof` writes it) by self time,
 * with their share of the samples, and the same summed per file. Used by bench/load.bench.ts;
 * also a CLI: `npx tsx bench/cpuProfileTop.ts <file.cpuprofile> [count]`.
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
}

/** Lines "share%  self samples  function  file:line", the `count` largest, then the largest files. */
export function topFrames(profile: Profile, count: number): string[] {
  const hits = new Map<number, number>();
  if (profile.samples) for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  else for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  const total = [...hits.values()].reduce((a, b) => a + b, 0) || 1;
  const byFrame = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (n === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(`${process.cwd()}/`, '') || '(native)';
    const frame = `${functionName || '(anonymous)'}  ${file}${url ? `:${lineNumber + 1}` : ''}`;
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + n);
    byFile.set(file, (byFile.get(file) ?? 0) + n);
  }
  const top = (map: Map<string, number>, k: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(
        ([name, n]) => `${((100 * n) / total).toFixed(1).padStart(5)} %  ${String(n).padStart(7)}  ${name}`,
      );
  return [
    `${total} samples; top frames by self time:`,
    ...top(byFrame, count),
    'by file:',
    ...top(byFile, Math.ceil(count / 2)),
  ];
}

/** How many samples fell in a frame whose file's URL contains `part` (e.g. '/node_modules/next/'). */
export function samplesIn(profile: Profile, part: string): number {
  const inPart = new Set(profile.nodes.filter((n) => n.callFrame.url.includes(part)).map((n) => n.id));
  if (profile.samples) return profile.samples.filter((id) => inPart.has(id)).length;
  return profile.nodes.filter((n) => inPart.has(n.id)).reduce((a, n) => a + (n.hitCount ?? 0), 0);
}

if (process.argv[1]?.endsWith('cpuProfileTop.ts') && process.argv[2]) {
  const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Profile;
  for (const line of topFrames(profile, Number(process.argv[3] || 30))) console.log(line);
}
