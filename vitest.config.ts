import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
