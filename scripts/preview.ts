// `npm run preview`: the production build and the mock API from one process on one origin:
// the app at /, the API under /api, media under /media; unknown app paths get index.html.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createMockApi, DEFAULT_DATA_DIR } from '../mock-api/server';
import { readServerEnv } from '../mock-api/env';
import {
  EMULATED_SERVICES,
  branchEmulatorOrigins,
  inlineScriptHashes,
  scriptHash,
  pageContentSecurityPolicy,
  type BuildServices,
} from '../mock-api/securityHeaders';

export const DIST_DIR = path.join(__dirname, '..', 'dist');
/** The server renderer webpack builds next to the client (src/server/renderPage.tsx). */
export const SERVER_RENDERER = path.join(__dirname, '..', 'dist-server', 'renderPage.js');

type ProfileRenderer = typeof import('../src/server/renderPage');

/** The profile routes the server renders: /user_profile/{id} and /user-details/{id}. */
const PROFILE_PATH = /^\/(?:user_profile|user-details)\/([^/]+)\/?$/;
export const DEFAULT_PREVIEW_PORT = 4100;

export interface PreviewOptions {
  dataDir: string;
  distDir?: string;
  /** The server renderer's file; null serves the static page to every route. */
  serverRenderer?: string | null;
  guestToken?: string;
  logger?: boolean;
}

export async function createPreviewServer(options: PreviewOptions): Promise<express.Express> {
  const distDir = options.distDir ?? DIST_DIR;
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} does not exist: run "npm run build" first.`);
  }
  const manifest = path.join(distDir, 'security.json');
  const services: BuildServices = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as BuildServices)
    : EMULATED_SERVICES;
  // The page shell's inline script is allowed by its hash, computed from the file served.
  const inlineScripts = inlineScriptHashes(readFileSync(indexHtml, 'utf8'));
  const { app } = await createMockApi({
    dataDir: options.dataDir,
    guestToken: options.guestToken,
    logger: options.logger,
  });
  // Hashed file names never change content: cache them for a year. Everything else revalidates.
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  const rendererFile =
    options.serverRenderer === undefined ? SERVER_RENDERER : options.serverRenderer;
  const renderer =
    rendererFile && existsSync(rendererFile)
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports
        (require(rendererFile) as ProfileRenderer)
      : null;
  const template = readFileSync(indexHtml, 'utf8');
  const manifestFile = path.join(distDir, 'asset-manifest.json');
  const routeAssets = existsSync(manifestFile)
    ? (
        JSON.parse(readFileSync(manifestFile, 'utf8')) as {
          groups: Record<string, { js: string[]; css: string[] }>;
        }
      ).groups.profile
    : undefined;

  app.get('*', (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    const port = req.get('host')?.split(':')[1] ?? '';
    res.setHeader(
      'Content-Security-Policy',
      pageContentSecurityPolicy(
        services,
        inlineScripts,
        branchEmulatorOrigins(services, { protocol: req.protocol, hostname: req.hostname, port }),
      ),
    );
    const profile = PROFILE_PATH.exec(req.path);
    if (!renderer || !profile?.[1]) {
      res.sendFile(indexHtml);
      return;
    }
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    renderer
      .renderProfilePage({
        profileId: decodeURIComponent(profile[1]),
        url: req.originalUrl,
        origin,
        template,
        routeAssets,
      })
      .then(
        (page) => {
          // The server-rendered page's script loader is allowed by its hash, as the shell's.
          res.setHeader(
            'Content-Security-Policy',
            pageContentSecurityPolicy(
              services,
              [...inlineScripts, ...page.inlineScripts.map(scriptHash)],
              branchEmulatorOrigins(services, {
                protocol: req.protocol,
                hostname: req.hostname,
                port,
              }),
            ),
          );
          res.status(page.status).type('html').send(page.html);
        },
        (error: unknown) => {
          // A failed server render still serves the page: the client renders it.
          console.error('[preview] server render failed', error);
          if (res.headersSent) next(error);
          else res.sendFile(indexHtml);
        },
      );
  });
  return app;
}

async function main(): Promise<void> {
  const env = readServerEnv();
  const port = process.env.PORT ? env.port : DEFAULT_PREVIEW_PORT;
  const dataDir = env.mockDataDir ?? DEFAULT_DATA_DIR;
  const app = await createPreviewServer({
    dataDir,
    guestToken: env.guestToken,
    logger: !process.env.CI,
  });
  const server = app.listen(port, () => {
    const { port: actual } = server.address() as AddressInfo;
    console.log(
      `Preview on http://localhost:${actual}/ (API /api, media /media, data: ${dataDir})`,
    );
  });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
