import js from '@eslint/js';
import fs from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noImportCircle } from './scripts/lint-import-circles.js';
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

// The server's layers, top to bottom, and what each may not import (a layer below never imports
// one above). Flat config replaces a rule's options rather than merging them, so each folder gets
// one entry holding every pattern that applies to it; the last entry matching a file wins.
const sharpImport = { name: 'sharp', message: 'sharp is imported only in src/media/.' };
const forbid = (folders, message) => ({
  group: folders.flatMap((folder) => [`**/${folder}/**`, `**/${folder}`]),
  message,
});
const noHttp = forbid(
  ['routes', 'pages', 'plugins', 'app', 'app-context'],
  'HTTP lives in routes/, pages/ and plugins/: nothing below them imports it.',
);
const noServices = forbid(
  ['services'],
  'Services call down into this folder, never the other way.',
);
const noSql = {
  group: ['**/repositories/**', 'kysely'],
  message: 'Routes and pages call services, not SQL.',
};
const sharedBelowServices = ['policies', 'views', 'pagination', 'discovery'];
const noSharedBelowServices = forbid(
  sharedBelowServices,
  'Policies, views, cursors and the discovery index sit above this folder and read from it.',
);
const noCache = forbid(['cache'], 'The read caches sit above this folder.');
// Federation is a door, as routes/ is: its activity handlers translate and call services, so a
// block, a suspension or a private account holds through every door with no second copy.
const noSqlInDoor = {
  group: ['**/repositories/**', 'kysely'],
  message:
    "federation/ is an adapter: call a service. Only Fedify's own stores (keys, KV, queue) reach repositories.",
};
const noFederation = forbid(
  ['federation'],
  'federation/ is a door above the services: nothing below it imports it.',
);
const noRepositoriesInSubscribers = {
  group: ['**/repositories/**', 'kysely'],
  message: 'A subscriber calls a service; the facts it needs come in the event, not from SQL.',
};
// Fedify's own stores over our database: the key pairs, the key-value store, the message queue
// (and the domain filter wrapping it, the inbox gate in front of it).
const fedifyStores = [
  'keys.ts',
  'kv-store.ts',
  'message-queue.ts',
  'domain-blocks.ts',
  'inbox-gate.ts',
];
const serverLayers = [
  { files: ['**/*.ts'], forbidden: [] },
  { files: ['{routes,pages,plugins}/**/*.ts'], forbidden: [noSql] },
  { files: ['federation/**/*.ts'], forbidden: [noSqlInDoor] },
  {
    files: fedifyStores.map((file) => `federation/${file}`),
    forbidden: [],
  },
  { files: ['services/**/*.ts', 'push/**/*.ts'], forbidden: [noHttp, noFederation] },
  { files: ['events/**/*.ts'], forbidden: [noHttp, noFederation, noRepositoriesInSubscribers] },
  {
    files: sharedBelowServices.map((folder) => `${folder}/**/*.ts`),
    forbidden: [noHttp, noServices],
  },
  {
    files: ['cache/**/*.ts', 'context.ts'],
    forbidden: [noHttp, noServices, noSharedBelowServices],
  },
  {
    files: ['{repositories,storage,db}/**/*.ts'],
    forbidden: [noHttp, noServices, noSharedBelowServices, noCache],
  },
  // The only folder that may import sharp.
  {
    files: ['media/**/*.ts'],
    forbidden: [noHttp, noServices, noSharedBelowServices, noCache],
    sharp: true,
  },
];

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
  // No import circle anywhere in the apps and packages: a circle means two files that cannot be
  // read, tested or moved apart. The rule reads the whole graph once, type-only imports included
  // (import-x/no-cycle, which left those out, walked it again per file: 8 of lint's 50 s of rules).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { pinhole: { rules: { 'no-import-circle': noImportCircle } } },
    rules: { 'pinhole/no-import-circle': 'error' },
  },
  // Services are the same code on every database: where the statements must differ, the
  // repository picks its form itself (db/dialect-of.ts). Services that asked grew 12 branches.
  {
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='dialect'], MemberExpression[object.property.name='database'][property.name='kind'], ImportDeclaration[source.value=/dialect-of$/]",
          message:
            'A service does not ask which database runs: let the repository pick its statements.',
        },
      ],
    },
  },
  // Server layering. Imports flow one way: pages/plugins/routes and federation/ (the doors) →
  // services, push/, events/ → policies, views, pagination, discovery → cache → repositories,
  // media, storage; SQL only in repositories, sharp only in media/. Each folder gets one entry
  // holding every rule that applies to it.
  // Test helpers (src/test/, federation/test/) set up rows as a test needs them, below any door.
  ...serverLayers.map(({ files, forbidden, sharp = false }) => ({
    files: files.map((pattern) => `apps/server/src/${pattern}`),
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        sharp ? { patterns: forbidden } : { paths: [sharpImport], patterns: forbidden },
      ],
    },
  })),
);
