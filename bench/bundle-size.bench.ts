/**
 * First-load JavaScript per route, from a production build (Next 16 no longer prints it). Prints
 * figures and exits 1 when a route with a target is over it (or missing from the build). A route's first load is every JS file the build manifest lists for
 * `/_app` and for the route (framework, runtime, shared and page chunks), each counted once,
 * gzipped at level 9 (as Next's old "First Load JS" column). Chunks loaded later with
 * next/dynamic (the charts) are not part of it.
 *
 *   npx next build                          # or: NEXT_DIST_DIR=.next-bench npx next build
 *   npx tsx bench/bundle-size.bench.ts      # reads NEXT_DIST_DIR (default .next)
 *
 * Targets (issue 6): /home and /market/tickers <= 180 kB; issue 25: /market/analysis <= 180 kB (the
 * price chart with chart.js, its zoom plugin and the MA overlays loads after first paint). Issue 12: the
 * public blog /blog <= 190 kB (every public page carries the public shell: ~186 kB until its top bar left
 * react-bootstrap's Dropdown/Navbar, ~160 kB since); an article page
 * /blog/[slug], which also hydrates the Markdown renderer (~45 kB), <= 240 kB.
 * Issue 16: /portfolio and /watchlist <= 180 kB (their dialogs and forms load when first opened).
 * Issue 25: a public stock page /public/stocks/[symbol] <= 180 kB (signed out, indexed by search
 * engines; its small chart is an SVG, no chart library).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TARGETS_KB: Record<string, number> = {
  '/home': 180,
  '/market/tickers': 180,
  '/market/analysis': 180,
  '/blog': 190,
  '/blog/[slug]': 240,
  '/portfolio': 180,
  '/watchlist': 180,
  '/public/stocks/[symbol]': 180,
};

interface BuildManifest {
  pages: Record<string, string[]>;
}

const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
const manifestFile = path.join(distDir, 'build-manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build in ${distDir} (build-manifest.json missing): run \`npx next build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BuildManifest;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const jsOf = (route: string) => (manifest.pages[route] ?? []).filter((f) => f.endsWith('.js'));
const shared = new Set(jsOf('/_app'));
const sharedBytes = [...shared].reduce((sum, f) => sum + gzipBytes(f), 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

const rows = Object.keys(manifest.pages)
  .filter((route) => !['/_app', '/_error', '/_document'].includes(route))
  .map((route) => {
    const own = jsOf(route).filter((f) => !shared.has(f));
    const ownBytes = own.reduce((sum, f) => sum + gzipBytes(f), 0);
    return { route, ownBytes, total: sharedBytes + ownBytes };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

console.log(`First-load JS per route (gzip), build in ${path.relative(process.cwd(), distDir) || '.'}`);
console.log(`shared by all (/_app, framework, runtime): ${kb(sharedBytes).trim()} kB\n`);
console.log(`${'route'.padEnd(36)} ${'page kB'.padStart(8)} ${'first load kB'.padStart(14)}  target`);
for (const row of rows) {
  const target = TARGETS_KB[row.route];
  const verdict =
    target === undefined ? '' : `${row.total / 1024 <= target ? 'ok' : 'OVER'} (<= ${target} kB)`;
  console.log(
    `${row.route.padEnd(36)} ${kb(row.ownBytes).padStart(8)} ${kb(row.total).padStart(14)}  ${verdict}`,
  );
}
const missing = Object.keys(TARGETS_KB).filter((r) => !manifest.pages[r]);
if (missing.length) console.log(`\nnot in this build: ${missing.join(', ')}`);
const over = rows.filter((r) => TARGETS_KB[r.route] !== undefined && r.total / 1024 > TARGETS_KB[r.route]);
if (over.length) console.log(`\nover target: ${over.map((r) => r.route).join(', ')}`);
if (over.length || missing.length) process.exitCode = 1;
