import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './catalog-parts';

export default defineConfig({
  // The en-US catalog parts of app/i18n/messages.ts, each the whole catalog here.
  plugins: [react(), catalogParts()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom with the studio's editor is heavy: on two shared cores a test may wait its turn.
    testTimeout: 15_000,
  },
});
