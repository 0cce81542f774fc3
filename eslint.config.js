import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = [
  'auth',
  'create-post',
  'feed',
  'post',
  'comments',
  'profile',
  'stories',
  'suggestions',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
  // A feature never imports another feature; the app layer composes them (bulletproof-react).
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: webFeatures
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/features/${other}/**`, `../../${other}/**`]),
              message: 'A feature must not import another feature; compose them in src/app.',
            },
            { group: ['**/app/**'], message: 'Features must not import from the app layer.' },
          ],
        },
      ],
    },
  })),
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
