// The live build (README: Going live), built into a temporary BUILD_OUT_DIR: it refuses demo and
// missing settings and holds no emulator code. `serve` refusing a demo build: e2e/server.spec.ts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createMockApi } from '../mock-api/server';
import { CHROMIUM } from '../playwright.config';
import { emulatorCodeIn, filesUnder } from './emulatorMarkers';
import { freePort, waitForUp } from './serverProcess';

const ROOT = path.join(__dirname, '..');
// webpack.config.js is CommonJS; its live settings check is exported beside the config.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { liveAppConfig } = require('../webpack.config.js') as {
  liveAppConfig: (env: Record<string, string | undefined>) => {
    config: Record<string, unknown>;
    publicOrigin: string;
  };
};

/** Live settings of the right shape: test-mode Stripe, placeholder keys, an API elsewhere. */
const LIVE_ENV = {
  API_BASE_URL: 'https://api.grati-live-test.example/api',
  PUBLIC_ORIGIN: 'https://grati-live-test.example',
  GUEST_TOKEN: 'live-test-guest-token',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51LiveBuildTestKey0000000000000000',
  RECAPTCHA_SITE_KEY: '6LcLiveBuildTestSiteKey0000000000000000A',
  BRANCH_KEY: 'key_test_LiveBuildTest0000000000000000000',
};

/** Minutes, not seconds: webpack on a loaded two-core machine. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

function start(args: string[], env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => output };
}

/** The environment without any live setting the caller's shell may have. */
function cleanEnv(extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  const names = [...Object.keys(LIVE_ENV), 'MARKETING_URL', 'BRANCH_API_URL', 'ALLOW_DEMO_BUILD'];
  for (const name of names) delete env[name];
  return { ...env, ...extra };
}

async function webpackBuild(outDir: string, env: Record<string, string>) {
  const args = ['node_modules/webpack-cli/bin/cli.js', '--mode', 'production', '--env', 'live'];
  const build = start(args, cleanEnv({ ...env, BUILD_OUT_DIR: outDir }));
  const timer = setTimeout(() => build.child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
  const code = await build.exited.finally(() => clearTimeout(timer));
  return { code, output: build.output() };
}

/** `npm run serve`'s process (node dist-server/server.js) from `outDir`. */
async function serve(outDir: string, env: Record<string, string>) {
  const port = await freePort();
  const server = start(
    ['--expose-gc', path.join(outDir, 'dist-server', 'server.js')],
    cleanEnv({
      NODE_ENV: 'production',
      // The server's packages, from the repository (the build is in a temporary folder).
      NODE_PATH: path.join(ROOT, 'node_modules'),
      PORT: String(port),
      API_BASE_URL: 'http://127.0.0.1:9/api',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ...env,
    }),
  );
  return { ...server, port };
}

describe('the live settings check (npm run build:live)', () => {
  it('names every missing setting', () => {
    expect(() => liveAppConfig({})).toThrow(
      /API_BASE_URL is not set[\s\S]*PUBLIC_ORIGIN is not set[\s\S]*STRIPE_PUBLISHABLE_KEY is not set[\s\S]*RECAPTCHA_SITE_KEY is not set[\s\S]*BRANCH_KEY is not set[\s\S]*GUEST_TOKEN is not set/,
    );
  });

  it("names every demo or emulator value, and an API on this machine or the page's own", () => {
    const demo = {
      API_BASE_URL: '/api',
      PUBLIC_ORIGIN: 'http://localhost:4100',
      GUEST_TOKEN: 'demo-guest-token',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
      RECAPTCHA_SITE_KEY: 'emulator-site-key',
      BRANCH_KEY: 'key_test_gratiDemoEmulatorKey000000000000',
    };
    for (const name of Object.keys(demo)) expect(() => liveAppConfig(demo)).toThrow(`- ${name} `);
    expect(() => liveAppConfig({ ...LIVE_ENV, API_BASE_URL: 'http://127.0.0.1:3001/api' })).toThrow(
      'API_BASE_URL points at this machine',
    );
    expect(() => liveAppConfig({ ...LIVE_ENV, STRIPE_PUBLISHABLE_KEY: 'sk_test_secret' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key',
    );
  });

  it('gives a live config: no scenario panel, the real Branch API', () => {
    expect(liveAppConfig(LIVE_ENV)).toEqual({
      config: expect.objectContaining({
        apiBaseUrl: LIVE_ENV.API_BASE_URL,
        stripePublishableKey: LIVE_ENV.STRIPE_PUBLISHABLE_KEY,
        scenarioPanel: false,
        branchApiUrl: '',
        marketingUrl: 'https://www.grati.com',
      }),
      publicOrigin: LIVE_ENV.PUBLIC_ORIGIN,
    });
  });
});

describe('the builds, named', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(tmpdir(), 'grati-live-build-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it(
    'build:live stops before building, naming what is missing',
    async () => {
      const outDir = path.join(tmp, 'refused');
      const { STRIPE_PUBLISHABLE_KEY: _stripe, ...partial } = LIVE_ENV;
      const { code, output } = await webpackBuild(outDir, {
        ...partial,
        BRANCH_KEY: 'key_test_gratiDemoEmulatorKey000000000000',
      });
      expect(code).not.toBe(0);
      expect(output).toContain('STRIPE_PUBLISHABLE_KEY is not set');
      expect(output).toContain("BRANCH_KEY is the demo's emulator value");
      expect(() => statSync(path.join(outDir, 'dist'))).toThrow();
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'a live build holds no emulator code, and served with its API shows pictures and the guest step',
    async () => {
      const outDir = path.join(tmp, 'live');
      const build = await webpackBuild(outDir, LIVE_ENV);
      expect(build.output).not.toMatch(/ERROR/);
      expect(build.code).toBe(0);
      expect(JSON.parse(readFileSync(path.join(outDir, 'dist', 'build.json'), 'utf8'))).toEqual(
        expect.objectContaining({ kind: 'live' }),
      );
      // The page's CSP allows the API's origin (its pictures and calls).
      expect(JSON.parse(readFileSync(path.join(outDir, 'dist', 'security.json'), 'utf8'))).toEqual({
        stripe: true,
        recaptcha: true,
        branch: true,
        apiOrigin: 'https://api.grati-live-test.example',
      });
      expect(emulatorCodeIn(outDir)).toEqual([]);
      const main = filesUnder(path.join(outDir, 'dist'))
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
      expect(main).toContain(LIVE_ENV.STRIPE_PUBLISHABLE_KEY);

      // Served with the mock API (taking the live build's guest token) as its API: the profile
      // shows its pictures, with no CSP violation, and opens the guest step.
      const mock = await createMockApi({
        dataDir: path.join(tmp, 'api-data'),
        guestToken: LIVE_ENV.GUEST_TOKEN,
      });
      const listening = mock.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => listening.once('listening', resolve));
      const apiOrigin = `http://127.0.0.1:${(listening.address() as { port: number }).port}`;
      const server = await serve(outDir, { API_BASE_URL: `${apiOrigin}/api` });
      const browser = await chromium.launch({ executablePath: CHROMIUM });
      try {
        const base = `http://localhost:${server.port}`;
        await waitForUp(`${base}/readyz`, Date.now() + 120_000, server.child);
        const shell = await fetch(`${base}/`);
        expect(shell.headers.get('content-security-policy')).toMatch(
          /img-src [^;]*https:\/\/api\.grati-live-test\.example/,
        );

        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        // The build's API is the mock API under another name; the third parties are offline.
        await page.route('https://api.grati-live-test.example/**', async (route) => {
          const url = route
            .request()
            .url()
            .replace('https://api.grati-live-test.example', apiOrigin);
          const response = await route.fetch({ url });
          await route.fulfill({
            response,
            headers: { ...response.headers(), 'access-control-allow-origin': base },
          });
        });
        await page.route(/^https:\/\/(?!api\.grati-live-test\.example)/, (route) => route.abort());

        await page.goto(`${base}/user_profile/ava-martinez`);
        // The first picture (the profile's own) is on screen at once.
        const picture = page.locator('img[src^="/_img"]').first();
        await picture.waitFor({ timeout: 60_000 });
        await page.waitForFunction(
          (image) => (image as HTMLImageElement).naturalWidth > 0,
          await picture.elementHandle(),
          { timeout: 60_000 },
        );
        const broken = await page
          .locator('img')
          .evaluateAll((images: HTMLImageElement[]) =>
            images
              .filter((image) => image.complete && image.naturalWidth === 0)
              .map((image) => image.currentSrc),
          );
        expect(broken).toEqual([]);

        await page.getByRole('button', { name: /Give Gift/ }).click();
        await page.getByLabel('Full Name').waitFor({ timeout: 60_000 });
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
        server.child.kill('SIGTERM');
        await server.exited;
        listening.closeAllConnections();
        await new Promise((resolve) => listening.close(resolve));
        await mock.stop();
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
