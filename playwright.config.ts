import { defineConfig } from '@playwright/test';

// Debian's Chromium (apt-get install chromium), never a downloaded browser build.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // A separate folder per run lets two runs (two engineers, or CI and a developer) coexist.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? './test-results',
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // The testers' fault scenarios belong to each browser context (a cookie), so scenarios.spec.ts
  // runs beside every other spec.
  projects: [{ name: 'main' }],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
