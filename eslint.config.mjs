// ESLint 9 flat config: Next's core-web-vitals + TypeScript rules, Prettier owns formatting.
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier';

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      'node_modules/**',
      '.next/**',
      '.next-*/**',
      'data/**',
      'coverage/**',
      'next-env.d.ts',
      'server/db/migrations/**',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Client code must never reach into the server (DESIGN.md §2).
    files: ['components/**', 'stores/**', 'services/**', 'layouts/**', 'pages/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/server/*', '**/server/*'], message: 'Client code must not import server/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', 'scripts/**', 'jest.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
