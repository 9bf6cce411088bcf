import { defineConfig } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser). Each worker starts its own platform on a free
 * port and its own database (see support/platform.ts). Two workers: the journeys mostly wait on the browser and
 * the network, and all 70 passed in 20.6 min with two while the machine was loaded by other work (27.6 min with one
 * on a quiet CI run).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
