// The app's build-time config (__APP_CONFIG__, checked again in the app by src/config/env.ts): the
// demo build's, with the emulators' stand-ins, and the live build's, read from the environment.
const defaults = require('../../mock-api/defaults.json');

/** The demo build's stand-ins for the live services (README: Configuration). */
const DEMO_VALUES = {
  stripePublishableKey: 'pk_test_emulator',
  recaptchaSiteKey: 'emulator-site-key',
  branchKey: 'key_test_gratiDemoEmulatorKey000000000000',
};

/** Build-time app config of the demo build; validated again in the app by src/config/env.ts. */
function demoAppConfig() {
  const env = process.env;
  return {
    // Both builds talk to their own origin: npm run preview, and npm start's dev server, serve
    // the mock API under /api (one origin, so a tester's scenario cookie comes with every call).
    apiBaseUrl: env.API_BASE_URL || '/api',
    guestToken: env.GUEST_TOKEN || defaults.guestToken,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || DEMO_VALUES.stripePublishableKey,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || DEMO_VALUES.recaptchaSiteKey,
    // branch-sdk only sends a key shaped key_(live|test)_ + 32 letters or digits.
    branchKey: env.BRANCH_KEY || DEMO_VALUES.branchKey,
    marketingUrl: env.MARKETING_URL || defaults.marketingUrl,
    // The testers' scenario panel: demo builds only (emulated Stripe), never a live build.
    scenarioPanel: !env.STRIPE_PUBLISHABLE_KEY,
    // The mock API's Branch emulator (mock-api/emulators/branch.ts) unless a real key is set;
    // BRANCH_API_URL= (empty) is the real Branch API.
    branchApiUrl: env.BRANCH_API_URL ?? (env.BRANCH_KEY ? '' : '/__branch'),
  };
}

/** Host names that are this machine: an API there is an emulator, not the live one. */
const LOCAL_HOSTS = /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i;

/** An absolute http(s) URL on a host other than this machine, or why not. */
function remoteUrlProblem(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (LOCAL_HOSTS.test(url.hostname)) return `points at this machine (${url.host}), an emulator`;
  if (url.username || url.password || url.search || url.hash) {
    return 'must have no user name, password, query or fragment';
  }
  return null;
}

/**
 * `npm run build:live`: every live setting from the environment, checked, so a build meant for
 * guests never falls back to a demo value. Throws one error naming every setting that is missing
 * or is an emulator's.
 */
function liveAppConfig(env = process.env) {
  const problems = [];
  const read = (name, check) => {
    const value = (env[name] ?? '').trim();
    if (value === '') problems.push(`${name} is not set`);
    else {
      const problem = check(value);
      if (problem) problems.push(`${name} ${problem} ("${value}")`);
    }
    return value;
  };
  const notDemo = (demo, shape, shapeText) => (value) =>
    value === demo ? "is the demo's emulator value" : shape.test(value) ? null : shapeText;
  const apiBaseUrl = read('API_BASE_URL', remoteUrlProblem);
  const publicOrigin = read('PUBLIC_ORIGIN', (value) => {
    const problem = remoteUrlProblem(value);
    if (problem) return problem;
    return new URL(value).pathname === '/' ? null : 'must be an origin (scheme, host and port)';
  });
  const stripePublishableKey = read(
    'STRIPE_PUBLISHABLE_KEY',
    notDemo(
      DEMO_VALUES.stripePublishableKey,
      /^pk_(live|test)_[A-Za-z0-9]{20,}$/,
      'must be a Stripe publishable key (pk_live_... or pk_test_...)',
    ),
  );
  const recaptchaSiteKey = read(
    'RECAPTCHA_SITE_KEY',
    notDemo(DEMO_VALUES.recaptchaSiteKey, /^[A-Za-z0-9_-]{40}$/, 'must be a 40-character site key'),
  );
  const branchKey = read(
    'BRANCH_KEY',
    notDemo(
      DEMO_VALUES.branchKey,
      /^key_(live|test)_[A-Za-z0-9]{32}$/,
      'must be a Branch key (key_live_ or key_test_ and 32 letters or digits)',
    ),
  );
  const guestToken = read('GUEST_TOKEN', (value) =>
    value === defaults.guestToken ? "is the demo's token" : null,
  );
  const marketingUrl = (env.MARKETING_URL ?? '').trim() || defaults.marketingUrl;
  const marketingProblem = remoteUrlProblem(marketingUrl);
  if (marketingProblem) problems.push(`MARKETING_URL ${marketingProblem} ("${marketingUrl}")`);
  if (problems.length > 0) {
    throw new Error(
      `npm run build:live needs the live settings in the environment:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n') +
        `\n(see README.md, "Going live"; \`npm run build\` makes the demo build)`,
    );
  }
  return {
    config: {
      apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
      guestToken,
      stripePublishableKey,
      recaptchaSiteKey,
      branchKey,
      marketingUrl,
      scenarioPanel: false,
      // The real Branch API.
      branchApiUrl: '',
    },
    publicOrigin: new URL(publicOrigin).origin,
  };
}

module.exports = { demoAppConfig, liveAppConfig };
