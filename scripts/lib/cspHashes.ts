/**
 * After `next build`: allow Next's own inline scripts in the Content-Security-Policy by hash.
 *
 * A Turbopack production build renders one inline <script> per page that seeds the chunk loader
 * (`(globalThis.TURBOPACK ||= []).push({ otherChunks, runtimeModuleIds })`). Its text depends on
 * the build's chunk names, so next.config.js cannot know it when it computes the headers; Next bakes
 * those headers into `routes-manifest.json` at build time. This step computes the script of every
 * page from the build manifest with Next's own function, adds every inline script found in the
 * prerendered HTML too, and appends their sha256 hashes to script-src of each CSP header in
 * routes-manifest.json. It then checks that every inline script of every prerendered page is
 * covered, so a build whose pages would be blocked fails here instead of in the browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { scriptHash } from '@/server/http/securityHeaders';

const CSP = 'content-security-policy';

function* htmlFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

/** The text of every executable inline <script> in `html` (not src=, not a JSON data block). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    if (match[2].length > 0) out.push(match[2]);
  }
  return out;
}

/** The Turbopack bootstrap script Next renders for each page, from the build manifest. */
function bootstrapScripts(distDir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as {
    pagesChunkGroupBootstrapParams?: Record<string, unknown>;
    chunkLoadingGlobal?: string;
  };
  if (!manifest.pagesChunkGroupBootstrapParams || !manifest.chunkLoadingGlobal) return [];
  // The very functions pages/_document uses to render it.
  const { getTurbopackChunkGroupBootstrap } = require('next/dist/server/get-page-files') as {
    getTurbopackChunkGroupBootstrap: (p: unknown, g: string, pages: string[]) => string | undefined;
  };
  const { htmlEscapeJsonString } = require('next/dist/shared/lib/htmlescape') as {
    htmlEscapeJsonString: (s: string) => string;
  };
  const out: string[] = [];
  for (const page of Object.keys(manifest.pagesChunkGroupBootstrapParams)) {
    const script = getTurbopackChunkGroupBootstrap(
      manifest.pagesChunkGroupBootstrapParams,
      manifest.chunkLoadingGlobal,
      ['/_app', page],
    );
    if (script) out.push(htmlEscapeJsonString(script));
  }
  return out;
}

function addToScriptSrc(policy: string, hashes: string[]): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      if (!trimmed.startsWith('script-src ')) return trimmed;
      const present = new Set(trimmed.split(/\s+/));
      return [trimmed, ...hashes.filter((h) => !present.has(h))].join(' ');
    })
    .join('; ');
}

/** Add the hashes of Next's inline scripts to the build's CSP; returns how many were added. */
export function addInlineScriptHashes(distDir: string): { hashes: number; pages: number } {
  const pagesDir = path.join(distDir, 'server', 'pages');
  const scripts = new Set(bootstrapScripts(distDir));
  const htmlScripts: { file: string; hash: string }[] = [];
  for (const file of htmlFiles(pagesDir)) {
    for (const script of inlineScripts(fs.readFileSync(file, 'utf8'))) {
      scripts.add(script);
      htmlScripts.push({ file, hash: scriptHash(script) });
    }
  }
  const hashes = [...new Set([...scripts].map(scriptHash))].sort();

  const manifestFile = path.join(distDir, 'routes-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as {
    headers: { headers: { key: string; value: string }[] }[];
  };
  let policies = 0;
  const finalPolicies: string[] = [];
  for (const rule of manifest.headers) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== CSP) continue;
      header.value = addToScriptSrc(header.value, hashes);
      finalPolicies.push(header.value);
      policies += 1;
    }
  }
  if (policies === 0) throw new Error(`${manifestFile}: no Content-Security-Policy header to extend`);
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));

  for (const { file, hash } of htmlScripts) {
    if (!finalPolicies.every((p) => p.includes(hash))) {
      throw new Error(`${path.relative(distDir, file)}: inline script ${hash} is not allowed by the CSP`);
    }
  }
  return { hashes: hashes.length, pages: new Set(htmlScripts.map((s) => s.file)).size };
}
