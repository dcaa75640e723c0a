import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two at a time even on two cores (Vitest's default here is one): many server tests wait on
    // PostgreSQL, child processes and timers rather than use the CPU.
    maxWorkers: 2,
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
