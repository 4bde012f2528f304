/**
 * Which URLs an article may carry (issue 12: safe by construction). The Markdown renderer keeps a
 * link's href only when `safeLinkUrl` accepts it and an image's src only when `safeImageUrl` does;
 * everything else is shown as plain text. Pure and isomorphic: the server page and the editor's
 * preview use the same rule.
 */
import { IMAGE_URL_PREFIX } from '@/lib/articles/constants';

const LINK_PROTOCOLS = new Set(['http', 'https', 'mailto']);
// Whitespace and control characters: browsers drop some of them inside a scheme ("java\tscript:").
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const OUR_IMAGE = new RegExp(`^${IMAGE_URL_PREFIX.replace(/\//g, '\\/')}[0-9a-f]{32}$`);

function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** A path on this site (`/help/tools`, `#section`), never `//host` or `/\host`. */
function isSitePath(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) || url.startsWith('#');
}

/** An http, https or mailto URL, or a path on this site; otherwise null. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url || UNSAFE_CHARS.test(url)) return null;
  const scheme = SCHEME.exec(url)?.[1].toLowerCase();
  if (scheme === undefined) return isSitePath(url) ? url : null;
  if (!LINK_PROTOCOLS.has(scheme)) return null;
  return scheme === 'mailto' || parses(url) ? url : null;
}

/** One of our uploaded images (`/api/v1/images/<id>`) or an https image; otherwise null. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url || UNSAFE_CHARS.test(url)) return null;
  if (OUR_IMAGE.test(url)) return url;
  const scheme = SCHEME.exec(url)?.[1].toLowerCase();
  return scheme === 'https' && parses(url) ? url : null;
}
