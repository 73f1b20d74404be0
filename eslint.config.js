import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import webLayers from './eslint/webLayers.js';

// Dependency directions (STYLE.md): apps import shared, never the reverse; shared uses no Node or
// DOM API; the web app never reaches into the server; screens never call fetch themselves.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
      // No source file over 600 lines (tests too): split along a real seam instead.
      'max-lines': ['error', { max: 600, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'shared runs in the browser too: no Node APIs.',
            },
            {
              group: ['@planning/server', '@planning/web', '**/apps/**'],
              message: 'shared never imports an app.',
            },
            { group: ['react', 'react-dom', 'antd'], message: 'shared holds rules, not UI.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'e2e/**/*.ts',
      'scripts/**/*.mjs',
      'bench/**/*.{ts,mjs}',
      '*.config.{ts,js}',
      'eslint/**/*.js',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@planning/web', '**/apps/web/**', 'react'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'web-layers': webLayers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'web-layers/one-way': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@planning/server', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
            { group: ['node:*'], message: 'The web app runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // The web app's build tooling (Vite config and plugins) runs in Node, not the browser.
    files: ['apps/web/build/**/*.ts', 'apps/web/vite.config.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the API through src/api/client.ts.' },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'e2e/**/*.ts',
      'bench/**/*.{ts,mjs}',
      'apps/server/src/main.ts',
      'apps/server/src/seed/seed-cli.ts',
      'apps/server/src/db/pglite-image-cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
);
