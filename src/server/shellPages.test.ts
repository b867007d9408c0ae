/** @jest-environment node */
// The app shell the production server sends for the routes it does not render (issue 36): a
// visit through a Branch link (a QR code) gets the code it will need fetched from the start.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestServer } from './images/testing';
import { serverAppBefore, setServerBuildConfig, tempBuild, testBuild } from './testing';

setServerBuildConfig();

const SHELL =
  '<!doctype html><html lang=en><head><title>Grati</title>' +
  '<script defer src=/assets/vendor.1.js></script><script defer src=/assets/main.1.js></script>' +
  '</head><body><div id=root></div></body></html>';

const GROUPS = {
  main: { js: ['/assets/vendor.1.js', '/assets/main.1.js'], css: [] },
  profile: { js: ['/assets/profile.1.js'], css: ['/assets/profile.1.css'] },
  branch: { js: ['/assets/sdk.1.js', '/assets/branch.1.js'], css: [] },
  home: { js: ['/assets/home.1.js'], css: [] },
  'static-parts': { js: ['/assets/static-parts.1.js'], css: [] },
};

describe('the app shell', () => {
  const build = testBuild(() => tempBuild('grati-shell-', SHELL));
  let server: TestServer;

  beforeAll(async () => {
    writeFileSync(path.join(build.dir, 'asset-manifest.json'), JSON.stringify({ groups: GROUPS }));
    // No API is asked for a shell: an address nothing listens on.
    server = await build.serve(serverAppBefore('http://127.0.0.1:9', build.dir).app);
  });

  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map(
      ([, as, href]) => `${as} ${href}`,
    );

  it('is sent as built for an address of the app that is no link visit', async () => {
    for (const address of ['/', '/?show=true', '/gpay', '/?branch_match_id=x']) {
      const response = await fetch(`${server.origin}${address}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SHELL);
    }
  });

  it('fetches the deep-link SDK, the profile route and its card from the start on a link visit', async () => {
    for (const address of ['/?_branch_match_id=qr-ava', '/gpay?utm=x&_branch_match_id=1']) {
      const response = await fetch(`${server.origin}${address}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      // In the head, after the shell's own scripts: the SDK's files first, where the link goes next.
      expect(preloadsOf(html)).toEqual([
        'style /assets/profile.1.css',
        'script /assets/sdk.1.js',
        'script /assets/branch.1.js',
        'script /assets/profile.1.js',
        'script /assets/static-parts.1.js',
      ]);
      expect(html.indexOf('main.1.js')).toBeLessThan(html.indexOf('rel="preload"'));
      expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
      // Its root shows the gate's 'Loading...' until the app renders (issue 51); nothing else of
      // the shell changes (its scripts).
      expect(html.replace(/<link rel="preload"[^>]*>/g, '')).toBe(
        SHELL.replace(
          '<div id=root></div>',
          '<div id=root><p class="deep-link-gate" role="status">Loading...</p></div>',
        ),
      );
    }
  });

  it('is the page not found, as built and with a 404, for an address that is no route', async () => {
    const response = await fetch(`${server.origin}/nowhere?_branch_match_id=qr-ava`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(SHELL);
  });
});
