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
  pageContentSecurityPolicy,
  type BuildServices,
} from '../mock-api/securityHeaders';

export const DIST_DIR = path.join(__dirname, '..', 'dist');
export const DEFAULT_PREVIEW_PORT = 4100;

export interface PreviewOptions {
  dataDir: string;
  distDir?: string;
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
  app.get('*', (req, res) => {
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
    res.sendFile(indexHtml);
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
