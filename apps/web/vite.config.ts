import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_SERVER = 'http://localhost:3000';
const CATALOG = /[\\/]src[\\/]app[\\/]i18n[\\/][a-z]{2}-[A-Z]{2}\.json$/;

/**
 * Compiles the interface catalogs to react-intl's message AST at build time, so the browser
 * does not download the ICU message parser (about 7 KB gzip off the first page).
 */
function precompileMessages(): Plugin {
  return {
    name: 'portal:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, text]) => [key, parse(text)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompileMessages()],
  resolve: {
    // With every message precompiled, the runtime needs no parser (formatjs "no-parser" build).
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/media': API_SERVER,
      '/uploads': API_SERVER,
    },
  },
  build: {
    // The server gives files under dist/assets long cache headers: they must be content-hashed.
    assetsDir: 'assets',
    rolldownOptions: {
      // packages/domain is pure (docs/conventions.md §1): a module none of whose exports are used — the
      // zod content-pack schemas, on the home route — must not be bundled.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
      },
    },
  },
}));
