import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth',
  'fields',
  'grades',
  'home',
  'page',
  'print',
  'profile',
  'search',
  'shell',
  'store',
  'topics',
  'workbook',
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='eval']",
          message: 'eval is never used: author input must not run as code.',
        },
        {
          selector: "NewExpression[callee.name='Function']",
          message: 'new Function is never used: author input must not run as code.',
        },
      ],
    },
  },
  {
    // The domain is pure (design §1): no I/O, no environment, nothing of ours.
    files: ['packages/domain/**/*.ts'],
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
  // Features never import each other; shared code lives in components/, lib/ or app/.
  ...FEATURES.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== name).join('|')})(/|$)`,
              message:
                'A feature never imports another feature: share it through components/, lib/ or app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      // Configuration is read once, in config.ts (conventions §4).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
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
