import js from '@eslint/js';
import fs from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under features/ is a feature, read at load so a new folder gets the boundary rule.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Flat config replaces a rule's options rather than merging them, so each layer of the web app
// gets one `no-restricted-imports` entry holding every pattern that applies to it.
const climbingImport = {
  regex: '^\\.\\./',
  message: 'Import from outside this folder through the @/ alias (@/ is apps/web/src).',
};
const webLayerRule = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [climbingImport, ...patterns] }],
});
const appImport = { group: ['@/app/**'], message: 'Only the app layer imports from src/app.' };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify hooks and handlers are async by contract even when they need no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Tests read JSON responses whose shape the assertions check; `any` there is deliberate.
  {
    files: ['**/*.test.{ts,tsx}', '**/src/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  // Imports flow one way: app → features → domain → components/lib (bulletproof-react), through
  // @/. domain/ holds what several features show of one thing (a person's Follow button, the
  // post and profile caches, the Report dialog), so features share it without importing each other.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: webLayerRule(),
  },
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: webLayerRule(
      { group: ['@/features/**'], message: 'Shared code must not import a feature.' },
      { group: ['@/domain/**'], message: 'components/ and lib/ sit below domain/.' },
      appImport,
    ),
  },
  {
    files: ['apps/web/src/domain/**/*.{ts,tsx}'],
    rules: webLayerRule(
      { group: ['@/features/**'], message: 'domain/ sits below the features that use it.' },
      appImport,
    ),
  },
  // A feature never imports another feature; the app layer composes them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: webLayerRule(
      {
        group: webFeatures
          .filter((other) => other !== feature)
          .map((other) => `@/features/${other}/**`),
        message: 'A feature must not import another feature; compose them in src/app.',
      },
      appImport,
    ),
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the extensions it is told about; TypeScript files are all of them here.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: `${import.meta.dirname}/apps/web/tsconfig.json`,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Server layering: SQL only in repositories, sharp only in media/.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/media/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'sharp', message: 'sharp is imported only in src/media/.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'sharp', message: 'sharp is imported only in src/media/.' }],
          patterns: [
            { group: ['**/repositories/**', 'kysely'], message: 'Routes call services, not SQL.' },
          ],
        },
      ],
    },
  },
);
