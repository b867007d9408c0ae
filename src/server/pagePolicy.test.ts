import { createHash } from 'node:crypto';
import {
  EMULATED_SERVICES,
  branchEmulatorOrigins,
  inlineScriptHashes,
  pageContentSecurityPolicy,
} from './pagePolicy';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))
    ?.split(' ')
    .slice(1) ?? [];

describe('pageContentSecurityPolicy', () => {
  it('allows only the page origin in an emulator build', () => {
    const policy = pageContentSecurityPolicy(EMULATED_SERVICES);
    expect(policy).not.toMatch(/https?:\/\//);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
  });

  it('adds each live service’s documented origins, and only that service’s', () => {
    const stripeOnly = pageContentSecurityPolicy({ ...EMULATED_SERVICES, stripe: true });
    expect(directive(stripeOnly, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(stripeOnly, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(stripeOnly, 'connect-src')).toContain('https://api.stripe.com');
    expect(stripeOnly).not.toContain('google.com/recaptcha');
    expect(stripeOnly).not.toContain('branch.io');

    const live = pageContentSecurityPolicy({
      stripe: true,
      recaptcha: true,
      branch: true,
      apiOrigin: 'https://api.grati.example',
    });
    expect(directive(live, 'script-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://app.link']),
    );
    expect(directive(live, 'frame-src')).toContain('https://recaptcha.google.com/recaptcha/');
    expect(directive(live, 'connect-src')).toEqual(
      expect.arrayContaining(['https://api2.branch.io', 'https://api.grati.example']),
    );
    expect(directive(live, 'img-src')).toContain('https://api.grati.example');
  });

  it('lets videos play and pictures show from the media origins (a CDN), in no other directive', () => {
    const policy = pageContentSecurityPolicy(
      { ...EMULATED_SERVICES, apiOrigin: 'https://api.grati.example' },
      { mediaOrigins: ['https://media.grati.example', 'https://api.grati.example'] },
    );
    expect(directive(policy, 'media-src')).toEqual([
      "'self'",
      'blob:',
      'https://api.grati.example',
      'https://media.grati.example',
    ]);
    expect(directive(policy, 'img-src')).toContain('https://media.grati.example');
    expect(directive(policy, 'connect-src')).not.toContain('https://media.grati.example');
    expect(directive(policy, 'script-src')).not.toContain('https://media.grati.example');
  });

  it('allows inline scripts by hash only', () => {
    const policy = pageContentSecurityPolicy(EMULATED_SERVICES, {
      inlineScripts: ["'sha256-abc='"],
    });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
  });
});

it('inlineScriptHashes hashes inline scripts exactly as the browser does, and skips external ones', () => {
  const code = '!function(){console.log("shell")}();';
  const html = `<head><script data-x='1'>${code}</script><script defer src=/a.js></script></head>`;
  const expected = createHash('sha256').update(code).digest('base64');
  expect(inlineScriptHashes(html)).toEqual([`'sha256-${expected}'`]);
});

it('branchEmulatorOrigins adds the 127.0.0.1 twin of a localhost page only while Branch is emulated', () => {
  const page = { protocol: 'http', hostname: 'localhost', port: '4100' };
  expect(branchEmulatorOrigins(EMULATED_SERVICES, page)).toEqual(['http://127.0.0.1:4100']);
  expect(branchEmulatorOrigins({ ...EMULATED_SERVICES, branch: true }, page)).toEqual([]);
  expect(branchEmulatorOrigins(EMULATED_SERVICES, { ...page, hostname: 'grati.example' })).toEqual(
    [],
  );
});
