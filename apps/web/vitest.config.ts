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
  },
});
