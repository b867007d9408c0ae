import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPLE_PAY_DOMAIN_FILE_MAX_BYTES } from './applePayDomainFile';
import { DEFAULT_SERVE_PORT, SettingsError, parseServerSettings } from './settings';

const valid = {
  API_BASE_URL: 'https://api.grati.example/api/',
  PUBLIC_ORIGIN: 'https://grati.example',
};

const parse = (env: Record<string, string | undefined>) =>
  parseServerSettings({ ...valid, ...env });

it('reads the settings, normalised', () => {
  expect(parse({ PORT: '9000', LOG_LEVEL: 'warn' })).toEqual({
    port: 9000,
    apiBaseUrl: 'https://api.grati.example/api',
    publicOrigin: 'https://grati.example',
    mediaOrigins: ['https://api.grati.example'],
    mediaSignedUrls: false,
    logLevel: 'warn',
    metricsPort: null,
    allowDemoBuild: false,
    applePayDomainAssociation: null,
    trustProxy: false,
  });
  expect(parse({})).toMatchObject({
    port: DEFAULT_SERVE_PORT,
    logLevel: 'info',
  });
});

it.each([
  ['serves a demo build', 'ALLOW_DEMO_BUILD', 'allowDemoBuild', '0', 'yes'],
  ['keeps media queries', 'MEDIA_SIGNED_URLS', 'mediaSignedUrls', ' 0 ', 'true'],
] as const)('%s only with %s=1', (_what, name, field, off, bad) => {
  expect(parse({ [name]: '1' })[field]).toBe(true);
  expect(parse({ [name]: off })[field]).toBe(false);
  expect(() => parse({ [name]: bad })).toThrow(`${name} must be 1 or 0`);
});

it('reads the Apple Pay domain file once; refuses one missing, empty, too long or not a regular file (at once)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'grati-settings-'));
  const fifo = path.join(dir, 'association-pipe');
  execFileSync('mkfifo', [fifo]);
  // A writer for the pipe: a server reading it would wait for that, or for ever.
  const writer = spawn(process.execPath, [
    '-e',
    `require('node:fs').writeFileSync(${JSON.stringify(fifo)}, '7B22')`,
  ]);
  const applePay = (file: string) => () => parse({ APPLE_PAY_DOMAIN_FILE: file });
  try {
    const file = path.join(dir, 'apple-developer-merchantid-domain-association');
    writeFileSync(file, '7B2270737049...');
    expect(applePay(` ${file} `)().applePayDomainAssociation?.toString()).toBe('7B2270737049...');
    expect(applePay('')()).toMatchObject({ applePayDomainAssociation: null });
    expect(applePay(path.join(dir, 'absent'))).toThrow(
      /APPLE_PAY_DOMAIN_FILE ".*absent" can't be read \(ENOENT\)/,
    );
    writeFileSync(file, '');
    expect(applePay(file)).toThrow('is empty');
    expect(applePay(fifo)).toThrow(
      `APPLE_PAY_DOMAIN_FILE "${fifo}" is not a regular file (a named pipe)`,
    );
    expect(applePay(dir)).toThrow('is not a regular file (a directory)');
    writeFileSync(file, 'A'.repeat(APPLE_PAY_DOMAIN_FILE_MAX_BYTES + 1));
    expect(applePay(file)).toThrow(`more than an association file's`);
    writeFileSync(file, 'A'.repeat(APPLE_PAY_DOMAIN_FILE_MAX_BYTES));
    expect(applePay(file)().applePayDomainAssociation).toHaveLength(
      APPLE_PAY_DOMAIN_FILE_MAX_BYTES,
    );
  } finally {
    writer.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('serves metrics on METRICS_PORT only, never on the public port', () => {
  expect(parse({ METRICS_PORT: ' 9464 ' }).metricsPort).toBe(9464);
  expect(parse({ METRICS_PORT: '0' }).metricsPort).toBe(0);
  expect(parse({ METRICS_PORT: '' }).metricsPort).toBeNull();
  for (const bad of ['metrics', '-1', '70000', '94.64']) {
    expect(() => parse({ METRICS_PORT: bad })).toThrow('METRICS_PORT must be a port number');
  }
  expect(() => parse({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(
    'METRICS_PORT must differ from PORT',
  );
});

it('believes no proxy unless TRUST_PROXY names them, by address or by count', () => {
  const trustProxy = (value: string | undefined) => parse({ TRUST_PROXY: value }).trustProxy;
  expect(trustProxy(undefined)).toBe(false);
  expect(trustProxy(' ')).toBe(false);
  expect(trustProxy('0')).toBe(false);
  expect(trustProxy(' 1 ')).toBe(1);
  expect(trustProxy('loopback')).toEqual(['loopback']);
  expect(trustProxy('uniquelocal, 203.0.113.7 ,2001:db8::/32,10.0.0.0/8')).toEqual([
    'uniquelocal',
    '203.0.113.7',
    '2001:db8::/32',
    '10.0.0.0/8',
  ]);
});

it.each(['true', 'TRUE', 'proxy.internal', '10.0.0.0/99', 'loopback,', '1.5', '-1'])(
  'refuses TRUST_PROXY=%j, naming it',
  (value) => {
    const read = () => parse({ TRUST_PROXY: value });
    expect(read).toThrow(SettingsError);
    expect(read).toThrow(/^TRUST_PROXY/);
  },
);

it('reads the media origins the image endpoint may fetch from, as origins', () => {
  const origins =
    'https://media.grati.example/, http://10.0.0.5:9000,,https://media.grati.example, http://[fd00::5]:9000, http://media_host:8080';
  expect(parse({ MEDIA_ORIGINS: origins }).mediaOrigins).toEqual([
    'https://media.grati.example',
    'http://10.0.0.5:9000',
    'http://[fd00::5]:9000',
    'http://media_host:8080',
  ]);
});

it.each([
  // A host the URL parser lets through, which the pages' policy would read as a new directive,
  // a wildcard or a second source.
  ['https://cdn.example;sandbox', 'MEDIA_ORIGINS must name hosts by name or address'],
  ['https://cdn.example;script-src *', 'MEDIA_ORIGINS must be an absolute http or https URL'],
  ['http://*', 'MEDIA_ORIGINS must name hosts by name or address'],
  ['https://*.cdn.example', 'MEDIA_ORIGINS must name hosts by name or address'],
  ["https://cdn.example'unsafe-inline'", 'MEDIA_ORIGINS must name hosts by name or address'],
  ['https://cdn..example', 'MEDIA_ORIGINS must name hosts by name or address'],
  ['https://cdn.example.', 'MEDIA_ORIGINS must name hosts by name or address'],
  // Not written as the origin it is.
  [
    'https://Media.Grati.example:443/',
    'MEDIA_ORIGINS must list each origin as it is written ("https://media.grati.example")',
  ],
  ['http://cdn.example:80', 'as it is written ("http://cdn.example")'],
  ['https://bücher.example', 'as it is written ("https://xn--bcher-kva.example")'],
  ['https://cdn.example/#x', 'must not have a query or a fragment'],
])('refuses MEDIA_ORIGINS=%j, naming the entry', (entry, message) => {
  const read = () => parse({ MEDIA_ORIGINS: `https://media.grati.example,${entry}` });
  expect(read).toThrow(SettingsError);
  expect(read).toThrow(message);
  expect(read).toThrow(entry);
});

it("takes the API's origin for the media when MEDIA_ORIGINS is unset or blank", () => {
  expect(parse({ MEDIA_ORIGINS: ' , ' }).mediaOrigins).toEqual(['https://api.grati.example']);
});

it.each([
  [{ MEDIA_ORIGINS: 'https://cdn.example/media' }, 'MEDIA_ORIGINS must list origins'],
  [{ MEDIA_ORIGINS: 'ftp://cdn.example' }, 'MEDIA_ORIGINS must use http or https'],
  [
    { MEDIA_ORIGINS: 'https://u:p@cdn.example' },
    'must not carry a user name or password (cdn.example)',
  ],
  [{ MEDIA_ORIGINS: 'cdn.example' }, 'MEDIA_ORIGINS must be an absolute http'],
  [{ API_BASE_URL: undefined }, 'API_BASE_URL must be set'],
  [{ API_BASE_URL: '/api' }, 'API_BASE_URL must be an absolute http or https URL'],
  [{ API_BASE_URL: 'file:///etc/passwd' }, 'API_BASE_URL must use http or https'],
  [{ API_BASE_URL: 'https://u:p@api.example/api' }, 'must not carry a user name'],
  [{ API_BASE_URL: 'https://api.example/api?x=1' }, 'must not have a query'],
  // An origin the pages' policy could not list as the media's.
  [
    { API_BASE_URL: 'https://api.example;sandbox/api' },
    'API_BASE_URL must name hosts by name or address',
  ],
  [{ PUBLIC_ORIGIN: '' }, 'PUBLIC_ORIGIN must be set'],
  [{ PUBLIC_ORIGIN: 'https://grati.example/app' }, 'PUBLIC_ORIGIN must be an origin only'],
  [{ PORT: '70000' }, 'PORT must be a port number'],
  [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
])('refuses %j', (env, message) => {
  expect(() => parse(env)).toThrow(message);
});
