// next-i18next (pages router) configuration. nb is the default locale (no URL prefix), en lives under /en.
const path = require('path');

/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'nb',
    locales: ['nb', 'en'],
    // Next's built-in detection does not know SPEC §3's codes (no, nn, nn-NO -> nb): proxy.ts does
    // the first-visit redirect of `/` instead, from the NEXT_LOCALE cookie and Accept-Language.
    localeDetection: false,
  },
  localePath: path.resolve('./public/locales'),
  defaultNS: 'common',
  // nb and en have identical key sets (__tests__/locales.test.ts), so no fallback language is
  // shipped with every page: an /en page carries only the English strings.
  fallbackLng: false,
  // SPEC §7: translation files load with up to 10 parallel reads and 5 retries, 350 ms initial
  // retry delay doubling each time (i18next's backend connector). With next-i18next the files are
  // read at build time by getStaticProps and shipped inside the page, so these apply whenever a
  // backend loads namespaces (server side, or a client backend added later).
  maxParallelReads: 10,
  maxRetries: 5,
  retryTimeout: 350,
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  returnNull: false,
};
