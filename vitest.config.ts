import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time on the 2-core machine: a clean-clone CI run took 27 min instead of 36 (stop 44).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // Each test file builds its own app on its own database; files run in parallel workers.
          // The files of a worker share one module graph (no fresh import of the app per file).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web',
      {
        test: {
          name: 'sandbox-gateway',
          root: './apps/sandbox-gateway',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'demo-vendor',
          root: './apps/demo-vendor',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'sportsbook',
          root: './apps/sportsbook',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      './apps/sportsbook/vite.config.ts',
      './apps/backoffice',
    ],
  },
});
