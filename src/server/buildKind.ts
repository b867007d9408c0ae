// Which build the server is about to serve: dist/build.json, written by webpack.config.js. A demo
// build (`npm run build`) carries the emulator redirect script, the scenario panel and the
// emulators' keys: served to guests, every payment fails and the API's pictures are blocked. So
// `npm run serve` serves only a live build (`npm run build:live`) unless told otherwise.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type BuildKind = 'demo' | 'live';

/** The build's kind; a build without dist/build.json predates it and is a demo build. */
export function readBuildKind(distDir: string): BuildKind {
  const file = path.join(distDir, 'build.json');
  if (!existsSync(file)) return 'demo';
  const { kind } = JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown };
  return kind === 'live' ? 'live' : 'demo';
}

/** Why the server must not serve this build, or null when it may. */
export function demoBuildRefusal(kind: BuildKind, allowDemoBuild: boolean): string | null {
  if (kind === 'live' || allowDemoBuild) return null;
  return (
    'dist/ holds a demo build (npm run build: emulated Stripe, reCAPTCHA and Branch, the ' +
    'scenario panel), not one for guests. Build it live with the live settings in the ' +
    'environment (API_BASE_URL, PUBLIC_ORIGIN, GUEST_TOKEN, STRIPE_PUBLISHABLE_KEY, ' +
    'RECAPTCHA_SITE_KEY, BRANCH_KEY: npm run build:live), or set ALLOW_DEMO_BUILD=1 to serve ' +
    'the demo anyway.'
  );
}
