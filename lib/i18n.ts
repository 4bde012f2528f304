/**
 * Which translation namespaces each kind of page loads (public/locales/{nb,en}/<ns>.json). Pages
 * load only what they show, so a page's data stays small: `staticTranslations` in lib/staticProps.ts.
 */

/** What every layout's frame (bars, footer, settings panel, consent banner) needs. */
export const SHELL_NAMESPACES = ['common', 'nav', 'settings', 'consent'] as const;

/** Public pages: the top bar also holds the login dropdown and the register modal. */
export const PUBLIC_NAMESPACES = [...SHELL_NAMESPACES, 'auth'] as const;

/** Signed-in pages: the sidebar layout's gate panels live in `errors`; the top bar's search in `search`, its bell in `alerts`. */
export const SIGNED_IN_NAMESPACES = [...SHELL_NAMESPACES, 'errors', 'search', 'alerts'] as const;

/** Every namespace of the shell; the locales test checks that nb and en have the same keys in all. */
export const SHELL_OWNED_NAMESPACES = [
  'common',
  'nav',
  'settings',
  'consent',
  'errors',
  'pages',
  'help',
  'legal',
] as const;
