// npm run build's last step: allow the build's inline scripts in the CSP by hash (scripts/lib/cspHashes).
import path from 'node:path';
import { addInlineScriptHashes } from './lib/cspHashes';

const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
try {
  const { hashes, pages } = addInlineScriptHashes(distDir);
  console.log(
    `[csp] ${hashes} inline script hashes added to the Content-Security-Policy (${pages} prerendered pages checked)`,
  );
} catch (err) {
  console.error(`[csp] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
