import { defineConfig } from 'vitest/config';

const seed = process.env.FC_SEED ?? (process.env.CI ? '20261124' : undefined);

export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    provide: { fcSeed: seed === undefined ? null : Number(seed) },
  },
});
