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
  /**
   * What a visit through a Branch link needs after the shell's own files: the deep-link SDK's
   * chunk, then the profile route's, where the link goes, and its card's (preloaded by its shell
   * page: the browser renders that profile, with no markup of the server's to show meanwhile).
   */
  deepLinkAssets: ChunkFiles;
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
  const deepLinkAssets = {
    js: [
      ...(groups.branch?.js ?? []),
      ...(groups.profile?.js ?? []),
      ...(groups['static-parts']?.js ?? []),
    ],
    css: groups.profile?.css ?? [],
  };
  return { template, services, routeAssets: groups.profile, flowScripts, deepLinkAssets };
}
