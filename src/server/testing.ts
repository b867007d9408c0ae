// What the server's tests share: the build config, the production app, builds and a stub API.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { AppConfig } from '../config/env';
import { createServerApp, type ServerApp, type ServerAppOptions } from './app';
import { TEST_BRANCH_KEY } from './branchStub';
import { startServer, type TestServer } from './images/testing';

/** Sets __APP_CONFIG__ (webpack's DefinePlugin value in a build) for code that reads getAppConfig(). */
export function setServerBuildConfig(overrides: Partial<AppConfig> = {}): void {
  Object.assign(globalThis, {
    __APP_CONFIG__: {
      apiBaseUrl: '/api',
      guestToken: 'token',
      stripePublishableKey: 'pk_test_server',
      recaptchaSiteKey: 'site-key',
      // Shaped as branch-sdk (and the server's link settings, branchLinkSettings.ts) want it.
      branchKey: TEST_BRANCH_KEY,
      marketingUrl: 'https://www.grati.example',
      ...overrides,
    },
  });
}

/** A lookup that finds no profile, for tests of what the server does besides profile pages. */
export const NO_PAGES: NonNullable<ServerAppOptions['lookup']> = {
  lookup: () => Promise.reject(new Error('no page here')),
  reachable: async () => true,
};

/** The production server's app for the build in `distDir`, at grati.example, logging nothing. */
export function serverAppWith(
  distDir: string,
  settings: Partial<ServerAppOptions['settings']> &
    Pick<ServerAppOptions['settings'], 'apiBaseUrl' | 'mediaOrigins'>,
  options: Omit<ServerAppOptions, 'settings' | 'distDir'> = {},
): ServerApp {
  return createServerApp({
    settings: { publicOrigin: 'https://grati.example', logLevel: 'silent', ...settings },
    distDir,
    logger: pino({ level: 'silent' }),
    ...options,
  });
}

/**
 * serverAppWith in front of the API at `apiOrigin` (its media's origin too); `lookup` replaces its
 * own lookup of profiles; `branchLinks`, how it resolves QR codes' links (by default it does not).
 */
export function serverAppBefore(
  apiOrigin: string,
  distDir: string,
  lookup?: ServerAppOptions['lookup'],
  branchLinks?: ServerAppOptions['settings']['branchLinks'],
): ServerApp {
  return serverAppWith(
    distDir,
    {
      apiBaseUrl: `${apiOrigin}/api`,
      mediaOrigins: [apiOrigin],
      ...(branchLinks ? { branchLinks } : {}),
    },
    lookup ? { lookup } : {},
  );
}

/** A stub API's findUser answer for `id`, whose feed is `feed` (newest first), as contracted. */
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

/** A build folder (the caller removes it) whose index.html is `html`. */
export function tempBuild(prefix: string, html = '<!doctype html><div id="root"></div>'): string {
  const distDir = mkdtempSync(path.join(tmpdir(), prefix));
  writeFileSync(path.join(distDir, 'index.html'), html);
  return distDir;
}

/** A build holding only the shell, as webpack writes it (minified). The caller removes it. */
export function shellBuild(prefix: string): string {
  return tempBuild(
    prefix,
    '<!doctype html><html lang=en><head><title>Grati</title></head><body><div id=root></div></body></html>',
  );
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

/**
 * For the tests of a file (or a describe): the build `make` makes, in `dir`, and the servers kept
 * by `closing` or started by `serve`; after those tests the servers close and the build goes.
 */
export function testBuild(make: () => string) {
  const open: { close(): Promise<void> }[] = [];
  const build = {
    dir: '',
    closing<T extends { close(): Promise<void> }>(server: T): T {
      open.push(server);
      return server;
    },
    serve: async (app: RequestListener, host?: string) =>
      build.closing(await startServer(app, host)),
  };
  beforeAll(() => {
    build.dir = make();
  });
  afterAll(async () => {
    await Promise.all(open.map((server) => server.close()));
    rmSync(build.dir, { recursive: true, force: true });
  });
  return build;
}
