// Server rendering of the profile route (React 19 streaming SSR): the profile is fetched into a
// fresh store, the page is rendered to HTML into the build's own index.html, and the store's API
// state goes with it as JSON for the client to hydrate from (src/main.tsx). Built by webpack as
// dist-server/renderPage.js and used by the preview/production server (scripts/preview.ts).
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { UserDetails } from '../api/contract/types';
import { App } from '../app/App';
import { makeStore } from '../app/store';
import { getAppConfig, resolveApiBaseUrl } from '../config/env';
import { profileApi } from '../features/profile/profileApi';
import { titleCase } from '../lib/titleCase';
import { PRELOADED_STATE_ID, ROOT_ID, serializeState } from './pageState';

export interface RenderRequest {
  /** The profile id the address names. */
  profileId: string;
  /** Path and query, as requested. */
  url: string;
  /** The page's origin (for the API call and absolute preview URLs). */
  origin: string;
  /** dist/index.html. */
  template: string;
  /** The profile route's chunk files (dist/asset-manifest.json), linked up front. */
  routeAssets?: { js: string[]; css: string[] };
}

export interface RenderedPage {
  status: number;
  html: string;
  /** The page's inline scripts (the script loader), for its Content-Security-Policy. */
  inlineScripts: string[];
}

const ABORT_AFTER_MS = 5000;

export async function renderProfilePage(request: RenderRequest): Promise<RenderedPage> {
  const config = getAppConfig();
  const store = makeStore({
    config: { ...config, apiBaseUrl: resolveApiBaseUrl(config.apiBaseUrl, request.origin) },
  });
  const lookup = store.dispatch(profileApi.endpoints.getProfile.initiate(request.profileId));
  const result = await lookup;
  lookup.unsubscribe();

  const app = (
    <App
      store={store}
      Router={({ children }) => <StaticRouter location={request.url}>{children}</StaticRouter>}
    />
  );
  const { hoisted, body } = splitHoisted(await renderToHtml(app));
  const state = { api: store.getState().api };
  const user = result.data?.userDetails;
  const assets = request.routeAssets ?? { js: [], css: [] };
  const head =
    hoisted +
    (user ? previewTags(user, request) : '') +
    assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
  const { html: shell, loader } = loadScriptsAfterPaint(request.template, assets.js);
  let html = shell;
  // React's <title> (and the profile's description) replace the generic ones of the shell.
  if (/<title>/.test(hoisted)) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (user) html = html.replace(/<meta name=description content="[^"]*">/, '');
  html = html
    .replace('</head>', `${head}</head>`)
    .replace(
      `<div id=${ROOT_ID}></div>`,
      `<div id=${ROOT_ID}>${body}</div><script type="application/json" id=${PRELOADED_STATE_ID}>${serializeState(state)}</script>`,
    );
  // No such account: 404. A lookup that failed otherwise (the API down): 502, same page.
  const failure = result.error as { status?: unknown } | undefined;
  const status = user ? 200 : failure?.status === 404 || !failure ? 404 : 502;
  return { status, html, inlineScripts: [loader] };
}

/**
 * The page is complete as HTML: its scripts are only needed to make it interactive. They are
 * taken out of the shell's <head> (where they would be fetched, and compete with the page's own
 * first paint) and loaded, in order, by a small inline loader right after the first paint; the
 * route's chunk goes with them so hydration finds it ready.
 */
export function loadScriptsAfterPaint(
  template: string,
  routeScripts: readonly string[],
): { html: string; loader: string } {
  const sources: string[] = [];
  const html = template.replace(
    /<script defer(?:="")? src="?([^" >]+)"?><\/script>/g,
    (_t, src) => {
      sources.push(String(src));
      return '';
    },
  );
  // The route's chunk goes before the entry (the shell's last script, webpack's runtime), so the
  // runtime finds it installed and hydration does not wait for it.
  const route = routeScripts.filter((src) => !sources.includes(src));
  sources.splice(Math.max(0, sources.length - 1), 0, ...route);
  const loader =
    'requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(sources).replace(/</g, '\\u003c')}.forEach(function(u){` +
    'var s=document.createElement("script");s.src=u;s.async=false;document.head.appendChild(s)})})})';
  return { html: html.replace('</body>', `<script>${loader}</script></body>`), loader };
}

/**
 * React 19 writes the elements it hoists (<title>, <meta>, <link>) first when it renders into a
 * container rather than a whole document: they belong in the page's <head>.
 */
export function splitHoisted(markup: string): { hoisted: string; body: string } {
  const match = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)+/.exec(markup);
  const hoisted = match?.[0] ?? '';
  return { hoisted, body: markup.slice(hoisted.length) };
}

/** Renders everything (lazy parts included) before answering: crawlers see the whole page. */
function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Never outline a finished boundary to reveal it later by an inline script: the page's CSP
      // allows none, and everything is ready before the first byte anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return;
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => (html += chunk));
        sink.on('end', () => resolve(html));
        stream.pipe(sink);
      },
      onShellError(error) {
        failed = error;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      onError(error) {
        console.error('[ssr]', error);
      },
    });
    setTimeout(() => stream.abort(), ABORT_AFTER_MS).unref();
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page title and the Open Graph / Twitter card tags of a shared profile link. */
export function previewTags(
  user: Pick<UserDetails, 'fullName' | 'profession' | 'bio' | 'profilePicture'>,
  request: Pick<RenderRequest, 'origin' | 'url'>,
): string {
  const name = titleCase(user.fullName);
  const title = `${name} | Grati`;
  const description =
    [user.profession, user.bio].filter(Boolean).join(' — ') ||
    `Read the thanks ${name} received and give a little thanks on Grati.`;
  const image = user.profilePicture ? new URL(user.profilePicture, request.origin).href : '';
  const url = new URL(request.url, request.origin);
  url.search = '';
  const tags: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'profile'],
    ['property', 'og:site_name', 'Grati'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url.href],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (image) {
    tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
    tags.push(['property', 'og:image:alt', `${name}'s profile picture`]);
  }
  return (
    `<link rel="canonical" href="${escapeHtml(url.href)}">` +
    tags
      .map(([key, name, value]) => `<meta ${key}="${name}" content="${escapeHtml(value)}">`)
      .join('')
  );
}
