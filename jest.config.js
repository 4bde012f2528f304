// Jest via next/jest (SWC transform, CSS and image mocks). See ../shared/STACK.md for the msw
// and PGlite traps this file works around.
const nextJest = require('next/jest');

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jest-fixed-jsdom',
  testMatch: ['<rootDir>/__tests__/**/*.test.ts', '<rootDir>/__tests__/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
  },
  testTimeout: 30000,
  // PGlite and the emulator are shared resources: two workers on two cores is the sweet spot.
  maxWorkers: 2,
  // The slowest files first, also on a clean clone without jest's cache (jest.sequencer.js).
  testSequencer: '<rootDir>/jest.sequencer.js',
};

// msw's CommonJS build requires ESM-only packages; next/jest's ignore pattern must be *replaced*
// (not appended to) so that those packages are transformed.
const esmPackages = ['rettime', 'until-async', '@open-draft/deferred-promise', 'msw', '@mswjs', 'decimal.js'];
// csv-parse's browser build (lib/csvPeek, the import dialog) is ESM.
esmPackages.push('csv-parse');
// react-markdown 10 and remark-gfm 4 (articles) and the unified packages under them are ESM-only too
// (regex fragments: the names are joined into one pattern).
esmPackages.push(
  'react-markdown',
  'remark-[^/]+',
  'micromark[^/]*',
  'mdast-[^/]+',
  'unist-[^/]+',
  'hast-[^/]+',
  'vfile[^/]*',
  'unified',
  'bail',
  'is-plain-obj',
  'trough',
  'devlop',
  '(comma|space)-separated-tokens',
  'estree-util-[^/]+',
  'decode-named-character-reference',
  'character-entities[^/]*',
  'character-reference-invalid',
  'property-information',
  'html-url-attributes',
  '@ungap/structured-clone',
  'trim-lines',
  'zwitch',
  'longest-streak',
  'ccount',
  'parse-entities',
  'is-(alphanumerical|alphabetical|decimal|hexadecimal)',
  'stringify-entities',
  'markdown-table',
  'escape-string-regexp',
);

module.exports = async () => {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${esmPackages.join('|')})/)`,
    '^.+\\.module\\.(css|sass|scss)$',
  ];
  return resolved;
};
