// What the server's tests share: the build config a client build carries, the production
// server's app in front of a test API, and that API's answer for a profile.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createServerApp, type ServerApp, type ServerAppOptions } from './app';
import { TEST_BRANCH_KEY } from './branchStub';
import { startServer, type TestServer } from './images/testing';

/** Sets __APP_CONFIG__ (webpack's DefinePlugin value in a build) for code that reads getAppConfig(). */
export function setServerBuildConfig(): void {
  Object.assign(globalThis, {
    __APP_CONFIG__: {
      apiBaseUrl: '/api',
      guestToken: 'token',
      stripePublishableKey: 'pk_test_server',
      recaptchaSiteKey: 'site-key',
      // Shaped as branch-sdk (and the server's link settings, branchLinkSettings.ts) want it.
      branchKey: TEST_BRANCH_KEY,
      marketingUrl: 'https://www.grati.example',
    },
  });
}

/**
 * The production server's app for the build in `distDir`, in front of the API at `apiOrigin`
 * (which serves the media too), logging nothing; `lookup` replaces its own lookup of profiles;
 * `branchLinks`, how it resolves QR codes' links (by default it does not).
 */
export function serverAppBefore(
  apiOrigin: string,
  distDir: string,
  lookup?: ServerAppOptions['lookup'],
  branchLinks?: ServerAppOptions['settings']['branchLinks'],
): ServerApp {
  return createServerApp({
    settings: {
      apiBaseUrl: `${apiOrigin}/api`,
      publicOrigin: 'https://grati.example',
      mediaOrigins: [apiOrigin],
      logLevel: 'silent',
      ...(branchLinks ? { branchLinks } : {}),
    },
    distDir,
    ...(lookup ? { lookup } : {}),
    logger: pino({ level: 'silent' }),
  });
}

/**
 * A stub API's findUser answer for the person `id` whose feed is `feed` (the reviews, newest
 * first), in the contract's shape.
 */
export function profileAnswer(id: string, feed: readonly unknown[] = []) {
  return {
    status: 200,
    data: {
      data: {
        userDetails: {
          _id: id,
          fullName: `profile ${id}`,
          userName: id,
          profession: 'Nurse',
          workPlace: null,
          bio: 'Thanks for reading.',
          businessType: 'PERSON',
          premium: { isProfileVerified: false },
          isNgoVerified: false,
          profilePicture: null,
          socialLinks: { FBlink: null, InstaLink: null, LinkedInLink: null },
          workPlaceMembersData: [],
          associatedWithWorkPlaceDetails: null,
        },
        userFeed: feed,
        iconsCount: { handshakeCount: 0, thumbsupCount: feed.length },
      },
      totalPostCount: feed.length,
    },
  };
}

/**
 * A build folder holding only the shell, as webpack writes it (minified: the page is rendered into
 * `<div id=root>`). The caller removes it.
 */
export function shellBuild(prefix: string): string {
  const distDir = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang=en><head><title>Grati</title></head><body><div id=root></div></body></html>',
  );
  return distDir;
}

/** A stub API whose findUser answers each profile id with what `answer` gives (200, JSON). */
export function findUserStub(answer: (id: string) => unknown): Promise<TestServer> {
  return startServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { _id: id } = JSON.parse(body) as { _id: string };
      void Promise.resolve(answer(id)).then((value) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value)),
      );
    });
  });
}
