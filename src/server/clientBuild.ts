// The client build the server serves and renders into, read once at start: the page shell
// (index.html), the services the build talks to (security.json) and its chunks
// (asset-manifest.json), all written by webpack.config.js.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EMULATED_SERVICES, type BuildServices } from './pagePolicy';
import type { ChunkName } from '../loading/chunks';

interface ChunkFiles {
  js: string[];
  css: string[];
}

export interface ClientBuild {
  /** dist/index.html: the app shell, and the frame every rendered page is written into. */
  template: string;
  services: BuildServices;
  /** The profile route's chunk files, linked up front on its rendered pages. */
  routeAssets: ChunkFiles | undefined;
  /** The flow's own files (its chunk and the vendor chunks it needs beyond the route's). */
  flowScripts: string[];
  /** A visit through a Branch link (a QR code): what its shell page adds to the app shell. */
  deepLink: {
    /**
     * The deep-link SDK's chunk files, run as the page's first scripts (deferred, in order, before
     * the `boot` script, whose session then starts before the libraries' chunk is evaluated).
     */
    scripts: string[];
    /** The first script of the shell, which the SDK's scripts go before. */
    bootScript: string | undefined;
    /**
     * Preloaded: the profile route's files, where the link goes, and its card's (the browser
     * renders that profile, with no markup of the server's to show meanwhile).
     */
    preload: ChunkFiles;
  };
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

export function readClientBuild(distDir: string): ClientBuild {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} does not exist: run "npm run build" first.`);
  }
  const template = readFileSync(indexHtml, 'utf8');
  const services = readJson<BuildServices>(path.join(distDir, 'security.json'), EMULATED_SERVICES);
  const { groups } = readJson<{ groups: Partial<Record<ChunkName, ChunkFiles>> }>(
    path.join(distDir, 'asset-manifest.json'),
    { groups: {} },
  );
  const flowScripts = (groups.gratitude?.js ?? []).filter(
    (file) => !groups.profile?.js.includes(file) && !groups.main?.js.includes(file),
  );
  const deepLink = {
    scripts: groups.branch?.js ?? [],
    bootScript: groups.boot?.js[0],
    preload: {
      js: [...(groups.profile?.js ?? []), ...(groups['static-parts']?.js ?? [])],
      css: groups.profile?.css ?? [],
    },
  };
  return { template, services, routeAssets: groups.profile, flowScripts, deepLink };
}
