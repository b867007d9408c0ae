import { DEFAULT_SERVE_PORT, parseServerSettings } from './settings';

const valid = {
  API_BASE_URL: 'https://api.grati.example/api/',
  PUBLIC_ORIGIN: 'https://grati.example',
};

describe('parseServerSettings', () => {
  it('reads the settings, normalised', () => {
    expect(parseServerSettings({ ...valid, PORT: '9000', LOG_LEVEL: 'warn' })).toEqual({
      port: 9000,
      apiBaseUrl: 'https://api.grati.example/api',
      publicOrigin: 'https://grati.example',
      logLevel: 'warn',
    });
    expect(parseServerSettings(valid)).toMatchObject({
      port: DEFAULT_SERVE_PORT,
      logLevel: 'info',
    });
  });

  it.each([
    [{ ...valid, API_BASE_URL: undefined }, 'API_BASE_URL must be set'],
    [{ ...valid, API_BASE_URL: '/api' }, 'API_BASE_URL must be an absolute http or https URL'],
    [{ ...valid, API_BASE_URL: 'file:///etc/passwd' }, 'API_BASE_URL must use http or https'],
    [{ ...valid, API_BASE_URL: 'https://u:p@api.example/api' }, 'must not carry a user name'],
    [{ ...valid, API_BASE_URL: 'https://api.example/api?x=1' }, 'must not have a query'],
    [{ ...valid, PUBLIC_ORIGIN: '' }, 'PUBLIC_ORIGIN must be set'],
    [
      { ...valid, PUBLIC_ORIGIN: 'https://grati.example/app' },
      'PUBLIC_ORIGIN must be an origin only',
    ],
    [{ ...valid, PORT: '80a' }, 'PORT must be a port number'],
    [{ ...valid, PORT: '70000' }, 'PORT must be a port number'],
    [{ ...valid, LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
  ])('refuses %j', (env, message) => {
    expect(() => parseServerSettings(env)).toThrow(message);
  });
});
