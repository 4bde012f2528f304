// next-i18next (pages router) configuration. nb is the default locale (no URL prefix), en lives under /en.
const path = require('path');

/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'nb',
    locales: ['nb', 'en'],
  },
  localePath: path.resolve('./public/locales'),
  defaultNS: 'common',
  fallbackLng: { default: ['nb'] },
  reloadOnPrerender: process.env.NODE_ENV === 'development',
  returnNull: false,
};
