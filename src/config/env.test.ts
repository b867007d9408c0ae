import { ConfigError, parseAppConfig, resolveApiBaseUrl } from './env';

const valid = {
  apiBaseUrl: '/api',
  guestToken: 'demo-guest-token',
  stripePublishableKey: 'pk_test_123',
  recaptchaSiteKey: 'site-key',
  branchKey: 'key_live_123',
  marketingUrl: 'https://www.grati.com',
};

describe('parseAppConfig', () => {
  it('accepts a complete config, with a same-origin or an absolute API base', () => {
    expect(parseAppConfig(valid)).toEqual(valid);
    const absolute = { ...valid, apiBaseUrl: 'http://localhost:3001/api' };
    expect(parseAppConfig(absolute)).toEqual(absolute);
  });

  it.each([
    ['apiBaseUrl', '', 'API_BASE_URL must be set'],
    ['apiBaseUrl', 'api', 'API_BASE_URL must be an http(s) URL'],
    ['guestToken', undefined, 'GUEST_TOKEN must be set'],
    ['marketingUrl', 'javascript:alert(1)', 'MARKETING_URL must be an http(s) URL'],
    ['stripePublishableKey', 'sk_test_secret', 'publishable key'],
  ])('rejects %s = %j, naming the setting', (key, value, message) => {
    expect(() => parseAppConfig({ ...valid, [key]: value })).toThrow(ConfigError);
    expect(() => parseAppConfig({ ...valid, [key]: value })).toThrow(message);
  });

  it('keeps the scenario panel for demo (test-key) builds only', () => {
    expect(parseAppConfig({ ...valid, scenarioPanel: true }).scenarioPanel).toBe(true);
    expect(parseAppConfig({ ...valid, scenarioPanel: false }).scenarioPanel).toBeUndefined();
    expect(() =>
      parseAppConfig({ ...valid, stripePublishableKey: 'pk_live_1', scenarioPanel: true }),
    ).toThrow('not with a live Stripe key');
    expect(() => parseAppConfig({ ...valid, scenarioPanel: 'yes' })).toThrow(ConfigError);
  });

  it('rejects a missing config', () => {
    expect(() => parseAppConfig(undefined)).toThrow('configuration is missing');
  });
});

describe('resolveApiBaseUrl', () => {
  it('keeps an absolute base without a trailing slash, and resolves a path against the page', () => {
    expect(resolveApiBaseUrl('http://localhost:3001/api/')).toBe('http://localhost:3001/api');
    expect(resolveApiBaseUrl('/api', 'http://localhost:4100')).toBe('http://localhost:4100/api');
  });
});
