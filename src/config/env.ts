// The app's build-time configuration: read once from __APP_CONFIG__ and validated, so a bad build
// fails at start with a message naming the setting instead of misbehaving later.

export interface AppConfig {
  /** Absolute (http://host/api) or same-origin ("/api"). */
  apiBaseUrl: string;
  guestToken: string;
  stripePublishableKey: string;
  recaptchaSiteKey: string;
  branchKey: string;
  marketingUrl: string;
  /**
   * Optional: a Branch-compatible API for branch-sdk's setAPIUrl (the mock API's emulator),
   * absolute or a same-origin path. Absent: the real Branch API.
   */
  branchApiUrl?: string;
  /** Demo builds (emulated payments) show the testers' scenario panel; live builds never do. */
  scenarioPanel?: boolean;
}

const FIELDS: Record<Exclude<keyof AppConfig, 'branchApiUrl' | 'scenarioPanel'>, string> = {
  apiBaseUrl: 'API_BASE_URL',
  guestToken: 'GUEST_TOKEN',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  recaptchaSiteKey: 'RECAPTCHA_SITE_KEY',
  branchKey: 'BRANCH_KEY',
  marketingUrl: 'MARKETING_URL',
};

export class ConfigError extends Error {}

export function parseAppConfig(raw: unknown): AppConfig {
  if (raw === null || typeof raw !== 'object')
    throw new ConfigError('The app configuration is missing.');
  const source = raw as Record<string, unknown>;
  const config = {} as AppConfig;
  for (const [key, name] of Object.entries(FIELDS) as [keyof typeof FIELDS, string][]) {
    const value = source[key];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ConfigError(`${name} must be set to a non-empty string.`);
    }
    config[key] = value.trim();
  }
  if (
    !/^(https?:\/\/[^/]+)?\/.*/.test(config.apiBaseUrl) &&
    !/^https?:\/\/[^/]+$/.test(config.apiBaseUrl)
  ) {
    throw new ConfigError('API_BASE_URL must be an http(s) URL or a path starting with "/".');
  }
  if (!/^https?:\/\/[^/]+/.test(config.marketingUrl)) {
    throw new ConfigError('MARKETING_URL must be an http(s) URL.');
  }
  if (!config.stripePublishableKey.startsWith('pk_')) {
    // A secret key (sk_...) must never reach a browser bundle.
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...).');
  }
  const branchApiUrl = source.branchApiUrl;
  if (branchApiUrl !== undefined && typeof branchApiUrl !== 'string') {
    throw new ConfigError('BRANCH_API_URL must be a string (empty for the real Branch API).');
  }
  if (branchApiUrl?.trim()) {
    config.branchApiUrl = branchApiUrl.trim();
    if (!/^(https?:\/\/[^/]+|\/)/.test(config.branchApiUrl)) {
      throw new ConfigError('BRANCH_API_URL must be an http(s) URL or a path starting with "/".');
    }
  }
  const scenarioPanel = source.scenarioPanel;
  if (scenarioPanel !== undefined && typeof scenarioPanel !== 'boolean') {
    throw new ConfigError('scenarioPanel must be true or false.');
  }
  if (scenarioPanel) {
    if (!config.stripePublishableKey.startsWith('pk_test_')) {
      throw new ConfigError('The scenario panel is for demo builds: not with a live Stripe key.');
    }
    config.scenarioPanel = true;
  }
  return config;
}

let cached: AppConfig | undefined;

export function getAppConfig(): AppConfig {
  cached ??= parseAppConfig(typeof __APP_CONFIG__ === 'undefined' ? undefined : __APP_CONFIG__);
  return cached;
}

/** The API base as an absolute URL; a same-origin path is resolved against the page's origin. */
export function resolveApiBaseUrl(apiBaseUrl: string, origin?: string): string {
  if (/^https?:\/\//.test(apiBaseUrl)) return apiBaseUrl.replace(/\/+$/, '');
  const base = origin ?? globalThis.location?.origin;
  if (!base)
    throw new ConfigError('A same-origin API_BASE_URL needs a page origin to resolve against.');
  return new URL(apiBaseUrl, base).href.replace(/\/+$/, '');
}
