// Server rendering of the profile route (React 19 streaming SSR): the profile is fetched into a
// fresh store, the page is rendered to HTML into the build's own index.html, and the store's API
// state goes with it as JSON for the client to hydrate from (src/main.tsx). Part of the production
// server (src/server/profilePages.ts), which makes the lookup and hands its answer in.
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { UserDetails } from '../api/contract/types';
import { App } from '../app/App';
import { loadPageFor } from '../app/AppRoutes';
import { ErrorPage } from '../components/ErrorBoundary';
import { makeStore } from '../app/store';
import { baseApi } from '../api/baseApi';
import { getAppConfig } from '../config/env';
import { profileApi } from '../features/profile/profileApi';
import { tapCapture } from '../lib/firstTap';
import { titleCase } from '../lib/titleCase';
import { PRELOADED_STATE_ID, ROOT_ID, serializeState } from './pageState';

export interface RenderRequest {
  /** The profile id the address names (decoded). */
  profileId: string;
  /** Path and query, as requested (the router renders this). */
  url: string;
  /** The page's normalised path, for its canonical and Open Graph URLs. */
  canonicalPath: string;
  /** The site's own origin (PUBLIC_ORIGIN): every absolute URL the page prints starts with it. */
  publicOrigin: string;
  /** What the API answered to this profile's lookup; null: the id names no account (no lookup). */
  lookup: LookupAnswer | null;
  /** dist/index.html. */
  template: string;
  /** The profile route's chunk files (dist/asset-manifest.json), linked up front. */
  routeAssets?: { js: string[]; css: string[] };
  /** The flow's chunk files: fetched at once if a guest taps before the page works. */
  flowScripts?: string[];
}

/** An API answer to the profile lookup: its HTTP status and body, as received. */
export interface LookupAnswer {
  status: number;
  body: string;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** The page's inline scripts (the script loader), for its Content-Security-Policy. */
  inlineScripts: string[];
  /** The scripts the page runs, in order (for a `Link: rel=preload` header). */
  scripts: string[];
}

const ABORT_AFTER_MS = 5000;

export async function renderProfilePage(request: RenderRequest): Promise<RenderedPage> {
  const config = getAppConfig();
  const answer = request.lookup;
  // The store's one call is answered with the lookup the server already made (cached and
  // coalesced there): the profile endpoint's own transform and error handling apply unchanged.
  const store = makeStore({
    config: {
      apiBaseUrl: request.publicOrigin,
      guestToken: config.guestToken,
      fetchFn: () =>
        Promise.resolve(
          new Response(answer?.body, {
            status: answer?.status ?? 404,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
    },
  });
  try {
    // An id that names no account is not looked up here either (the page skips it too).
    let user: UserDetails | undefined;
    if (request.lookup) {
      const lookup = store.dispatch(profileApi.endpoints.getProfile.initiate(request.profileId));
      user = (await lookup).data?.userDetails;
      lookup.unsubscribe();
    }

    // The page's own code first, as the browser has it before it hydrates (src/main.tsx): both
    // render the page without a Suspense boundary of the route's, and it hydrates in one pass.
    await loadPageFor(new URL(request.url, 'http://localhost').pathname);
    const app = (
      <App
        store={store}
        Router={({ children }) => <StaticRouter location={request.url}>{children}</StaticRouter>}
      />
    );
    const { hoisted, body } = splitHoisted(await renderToHtml(app));
    const state = { api: store.getState().api };
    const assets = request.routeAssets ?? { js: [], css: [] };
    const head =
      hoisted +
      (user ? previewTags(user, request) : '') +
      assets.css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('');
    const {
      html: shell,
      loader,
      scripts,
    } = loadScriptsAfterPaint(request.template, assets.js, request.flowScripts);
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
    // No such account (or an answer without one): the OOPS page, as a 404. The server answers a
    // lookup that failed (the API down or slow) before it gets here.
    return { status: user ? 200 : 404, html, inlineScripts: [loader], scripts };
  } finally {
    // The request's store ends with it: no cache timer of RTK Query outlives the render.
    store.dispatch(baseApi.util.resetApiState());
  }
}

/**
 * The page is complete as HTML: its scripts are only needed to make it interactive. They are
 * preloaded at low priority from the start, and run, in order, from a small inline loader right
 * after the first paint (so parsing them never delays it); the route's chunk goes with them so
 * hydration finds it ready. The loader also notes a tap made before the page works, for the app
 * to replay once it does (src/lib/firstTap.ts).
 */
export function loadScriptsAfterPaint(
  template: string,
  routeScripts: readonly string[],
  flowScripts: readonly string[] = [],
): { html: string; loader: string; scripts: string[] } {
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
    `(${tapCapture.toString()})(${JSON.stringify(flowScripts).replace(/</g, '\\u003c')});` +
    'requestAnimationFrame(function(){setTimeout(function(){' +
    `${JSON.stringify(sources).replace(/</g, '\\u003c')}.forEach(function(u){` +
    'var s=document.createElement("script");s.src=u;s.async=false;document.head.appendChild(s)})})})';
  // Fetched from the start, beside the HTML, and run once the page has painted. Low priority: the
  // page's own CSS and pictures in view come first, and nothing waits on the scripts to paint
  // (at high priority a browser, and Lighthouse, treat them as render-blocking).
  return {
    html: html
      .replace('</head>', `${preloadLinks({ js: sources })}</head>`)
      .replace('</body>', `<script>${loader}</script></body>`),
    loader,
    scripts: sources,
  };
}

/**
 * Links that fetch files ahead of their use: scripts at low priority (a page's own CSS and
 * pictures in view come first: at high priority a browser, and Lighthouse, treat them as
 * render-blocking), stylesheets as a stylesheet would be.
 */
export function preloadLinks(assets: { js: readonly string[]; css?: readonly string[] }): string {
  const link = (as: string, href: string, more = '') =>
    `<link rel="preload" as="${as}" href="${escapeHtml(href)}"${more}>`;
  return [
    ...(assets.css ?? []).map((href) => link('style', href)),
    ...assets.js.map((src) => link('script', src, ' fetchpriority="low"')),
  ].join('');
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

/** A component threw while the page was rendered: the page cannot be sent as it is. */
export class RenderFailedError extends Error {
  override name = 'RenderFailedError';
}

/**
 * Renders everything (lazy parts included) before answering: crawlers see the whole page. A
 * component that throws fails the render: React would otherwise send the nearest Suspense
 * fallback (a spinner) in its place, and on the server no error boundary catches.
 */
function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    let aborted = false;
    // A render that never finishes is cut; one that does must not keep its output alive (the
    // timer would hold it, and the whole render, for ABORT_AFTER_MS under load).
    const timer = setTimeout(() => {
      aborted = true;
      stream.abort();
    }, ABORT_AFTER_MS);
    timer.unref();
    const stream = renderToPipeableStream(element, {
      // Never outline a finished boundary to reveal it later by an inline script: the page's CSP
      // allows none, and everything is ready before the first byte anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        if (failed) {
          reject(new RenderFailedError('A component threw while rendering', { cause: failed }));
          return;
        }
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => (html += chunk));
        sink.on('end', () => resolve(html));
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        failed = error;
        reject(new RenderFailedError('The page shell failed to render', { cause: error }));
      },
      onError(error) {
        // The parts a cut render left out are rendered by the browser (as before the cut).
        if (aborted) return;
        failed ??= error;
      },
    });
  });
}

/**
 * The page to send when a page cannot be rendered: the error screen in the site's frame, in the
 * build's own shell. It carries no state, so the browser renders the app afresh (src/main.tsx),
 * which shows the page if the failure was the server's alone, or the same screen.
 */
export async function renderErrorPage(template: string): Promise<string> {
  const { hoisted, body } = splitHoisted(
    await renderToHtml(<ErrorPage marketingUrl={getAppConfig().marketingUrl} />),
  );
  let html = template;
  if (/<title>/.test(hoisted)) html = html.replace(/<title>[^<]*<\/title>/, '');
  return html
    .replace('</head>', `${hoisted}</head>`)
    .replace(`<div id=${ROOT_ID}></div>`, `<div id=${ROOT_ID}>${body}</div>`);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page title and the Open Graph / Twitter card tags of a shared profile link. */
export function previewTags(
  user: Pick<UserDetails, 'fullName' | 'profession' | 'bio' | 'profilePicture'>,
  request: Pick<RenderRequest, 'publicOrigin' | 'canonicalPath'>,
): string {
  const name = titleCase(user.fullName);
  const title = `${name} | Grati`;
  const description =
    [user.profession, user.bio].filter(Boolean).join(' — ') ||
    `Read the thanks ${name} received and give a little thanks on Grati.`;
  const image = user.profilePicture ? new URL(user.profilePicture, request.publicOrigin).href : '';
  const url = new URL(request.canonicalPath, request.publicOrigin);
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
