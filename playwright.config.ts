import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Debian's Chromium headless shell (apt-get install chromium-headless-shell), never a downloaded
// browser build: Playwright's own default for headless Chromium, with the same Blink and V8 as
// the desktop browser; 18 tests took 71 s on it against 92 s on /usr/bin/chromium.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: './e2e',
  // A separate folder per run lets two runs (two engineers, or CI and a developer) coexist.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? './test-results',
  globalSetup: './e2e/globalSetup.ts',
  fullyParallel: true,
  // A test waits on its browser and servers part of the time: two workers on two cores left 15%
  // of the machine idle, three left 3% and took 4:27 against 4:59 (113 tests, same build). Jest
  // counts its workers the same way (jest.config.ts).
  workers: Math.ceil(availableParallelism() * 1.5),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Budgets for a machine several times slower than a fast one (npm run test:stress -- --slow
  // plays one): a test takes 2 to 20 s on a fast machine, a step of it (a payment being prepared,
  // a page after a redirect) up to about 5 s; slowed, the payment journeys took up to 143 s.
  // Waiting for what is there returns at once, so only a failing test pays for them. The longest
  // journeys ask for more with test.slow().
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  // The testers' fault scenarios belong to each browser context (a cookie), so scenarios.spec.ts
  // runs beside every other spec.
  projects: [{ name: 'main' }],
  use: {
    browserName: 'chromium',
    headless: true,
    // A trace of every test cost the suite 13% of its time (5 specs: 66.5 s without, 73.5 s with
    // its snapshots, 76.9 s with its screencast too), for the rare failing one: a failure keeps
    // its screenshot and error; PW_TRACE=1 records the traces again (e2e/README.md, its opening).
    trace: process.env.PW_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
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
