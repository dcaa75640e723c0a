import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth',
  'fields',
  'grades',
  'groups',
  'home',
  'invitations',
  'messages',
  'page',
  'print',
  'profile',
  'search',
  'shell',
  'sso',
  'store',
  'studio',
  'topics',
  'workbook',
];

/** Syntax never written anywhere (each block that restricts more syntax repeats these). */
const NEVER_RUN_AS_CODE = [
  {
    selector: "CallExpression[callee.name='eval']",
    message: 'eval is never used: author input must not run as code.',
  },
  {
    selector: "NewExpression[callee.name='Function']",
    message: 'new Function is never used: author input must not run as code.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'content/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...NEVER_RUN_AS_CODE],
    },
  },
  {
    // The domain is pure (docs/design.md §1): no I/O, no environment, nothing of ours.
    files: ['packages/domain/**/*.ts'],
    // Its test runner's configuration runs in Node and reads the environment (FC_SEED, CI).
    ignores: ['packages/domain/vitest.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@portal/*', 'react', 'kysely', 'fastify'] },
      ],
      'no-restricted-globals': ['error', 'process', 'fetch', 'window', 'document', 'localStorage'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Features never import each other, nor app/ (which composes them): what several of them
  // share lives in components/ or lib/.
  // By depth, so that a feature's own folder named like another feature (the studio's topics/)
  // is not taken for it: from features/{name}/a/b.ts, '../../' is features/.
  ...FEATURES.flatMap((name) => [0, 1, 2, 3, 4, 5].map((depth) => featureBoundary(name, depth))),
  {
    // Shared code sits below the features and app/, so it never imports them.
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|features)(/|$)',
              message:
                'components/ and lib/ never import app/ or a feature: they are shared by them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // Configuration is read once, in config.ts (docs/conventions.md §4).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    // Queries live in db/ (repositories and migrations); services call repositories, routes call
    // services, and nothing else builds SQL.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/test/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Queries live in apps/server/src/db/repositories; call a repository function.',
            },
          ],
        },
      ],
      // A database handle's query builder (`db.kysely`, `tx.kysely`) is reached in db/ only:
      // without an import of kysely, a service could still build a query through it.
      'no-restricted-syntax': [
        'error',
        ...NEVER_RUN_AS_CODE,
        {
          selector: "MemberExpression[property.name='kysely']",
          message:
            'Queries live in apps/server/src/db/repositories: call a repository function ' +
            'instead of reaching the query builder.',
        },
      ],
    },
  },
  {
    // A permission rule's SQL form sits beside its predicate (policies/): a raw `sql` condition
    // that repositories put in their queries. Policies build conditions, they never run them
    // (no `.kysely` above), so only `sql` and its types are imported.
    files: ['apps/server/src/policies/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowImportNames: ['sql', 'RawBuilder', 'SqlBool'],
              message: 'A policy writes a condition with `sql`; queries live in db/repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    // The database layer knows nothing above it: no services, routes, HTTP or adapters. Of
    // policies/, it takes only the SQL forms of permission rules (written beside their
    // predicates, so that a rule is written once), in repositories.
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(services|routes|http|adapters)(/|$)',
              message:
                'db/ is the bottom layer: it never imports services, routes, http or adapters.',
            },
            {
              regex: '^(\\.\\./)+policies(/|$)',
              allowImportNamePattern: '^(\\w+Sql|messageReaderOf)$',
              message:
                'db/ takes only the SQL forms of permission rules from policies/ (names ending in Sql).',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes are HTTP only: validate, call a service, present. They never reach the database.
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Routes never build queries.' }],
          patterns: [
            {
              regex: '(^|/)db/',
              message: 'Routes never reach the database: call a service.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/test/**',
      '**/*.test.ts',
      'e2e/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);

/** Features never import each other: the rule for files `depth` folders inside features/{name}. */
function featureBoundary(name, depth) {
  const others = FEATURES.filter((f) => f !== name).join('|');
  return {
    files: [`apps/web/src/features/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(${others})(/|$)|^(\\.\\./){${depth + 2},}features/(${others})(/|$)`,
              message:
                'A feature never imports another feature: share it through components/ or lib/.',
            },
            {
              regex: '^(\\.\\./)+app(/|$)',
              message:
                'A feature never imports app/: what it needs of the session, the organisation or ' +
                'another feature comes through lib/ (app/ provides it).',
            },
          ],
        },
      ],
    },
  };
}
