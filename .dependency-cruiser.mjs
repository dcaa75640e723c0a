// `npm run check:cycles` (and `npm test`): no import cycle anywhere in the repository.
// Type-only imports and lazy `import()` count as well: a cycle through either still ties two
// modules together, and it is one edit away from a cycle at run time.

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Two modules import each other, directly or through others. Move what both need into ' +
        'a third module that imports neither (apps/web: lib/ or components/).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '(^|/)(node_modules|dist|\\.tsbuild|data|test-results[^/]*|playwright-report|bench-results|coverage)/',
    },
    // Parse TypeScript before it is compiled, so that type-only imports are seen too.
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      // @portal/domain is consumed as source through its package.json `exports`.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
