// The profile pages, rendered on the server: the address's profile is looked up in the configured
// API (an id that cannot name an account is not), rendered into the build's shell, cached and
// sent with its policy and headers. A lookup that fails sends the shell (the browser renders the
// page); a render that fails, the error screen. The profile routes are the app's own
// (src/config/paths.ts).
import type { Request, RequestHandler, Response } from 'express';
import { isPlausibleProfileId } from '../api/contract/profileId';
import { carriesResult, paths, profileIdSegment } from '../config/paths';
import { decodeSegment } from './addresses';
import type { ClientBuild } from './clientBuild';
import type { ServerMetrics } from './metrics';
import { carriesSentMark } from '../lib/sentMark';
import { createPageCache, toCachedPage, type CachedPage } from './pageCache';
import { scriptHash } from './pagePolicy';
import { LookupFailedError, type ProfileLookup } from './profileLookup';
import { renderProfilePage, type LookupAnswer } from './renderPage';
import type { ShellPages } from './shellPages';

export const PROFILE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const RETRY_AFTER_SECONDS = '5';

export interface ProfilePagesOptions {
  build: ClientBuild;
  publicOrigin: string;
  lookup: ProfileLookup;
  metrics: ServerMetrics;
  shell: ShellPages;
}

/** The page, in the encoding the client prefers (compressed once, when it was rendered). */
function sendPage(req: Request, res: Response, page: CachedPage, cacheControl: string): void {
  res.status(page.status).set({
    'Content-Security-Policy': page.policy,
    'Cache-Control': cacheControl,
    Link: page.link,
  });
  res.type('html');
  const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
  res.vary('Accept-Encoding');
  if (encoding === 'br' || encoding === 'gzip') {
    res.set('Content-Encoding', encoding).send(page[encoding]);
  } else {
    res.send(page.html);
  }
}

/**
 * An id whose escapes are malformed is kept as typed, as the app's router keeps it: with its `%`
 * it names no account, and the page is the OOPS page, as a 404. The server's router is given that
 * id escaped again, which it decodes to what the browser's reads (and so does not warn of a
 * malformed address on every such request).
 */
function profileAddress(pathname: string, segment: string): { id: string; path: string } {
  const decoded = decodeSegment(segment);
  if (decoded !== null) return { id: decoded, path: pathname };
  return {
    id: segment,
    path: pathname.replace(/[^/]+(?=\/?$)/, encodeURIComponent(segment)),
  };
}

export interface ProfilePages {
  /** Serves the profile routes' pages. */
  serve: RequestHandler;
  /**
   * The page `/user_profile/{id}` answers `req` with (cached as it is), for the page of a link
   * that opens this profile (linkPages.ts). Rejects as the page's render would.
   */
  pageFor(req: Request, id: string): Promise<CachedPage>;
}

export function createProfilePages(options: ProfilePagesOptions): ProfilePages {
  const { build, lookup, metrics, shell } = options;
  const pages = createPageCache();

  /** The profile's lookup (null: an id that names no account is not looked up). */
  async function lookUp(id: string, fresh: boolean): Promise<LookupAnswer | null> {
    if (!isPlausibleProfileId(id)) return null;
    const found = await lookup.lookup(id, { fresh });
    metrics.lookups.inc({ source: found.source });
    return found.answer;
  }

  /** Looks the profile up and renders its page. */
  async function render(id: string, path: string): Promise<CachedPage> {
    return renderAnswer(id, path, await lookUp(id, false));
  }

  // The page read afresh (a guest who just sent something, an address just after a send): from a
  // lookup begun after the request came, rendered once per such lookup (the requests that came
  // meanwhile share both), and kept for everyone, as the newest page there is. So however many
  // such requests come, and whatever their queries say, they cost no more renders than lookups,
  // and fresh lookups of a profile begin a second apart at least (freshLookups.ts).
  const freshPages = new WeakMap<LookupAnswer, Promise<CachedPage>>();
  async function renderFresh(id: string, path: string, key: string): Promise<CachedPage> {
    const answer = await lookUp(id, true);
    if (!answer) return renderAnswer(id, path, null);
    let page = freshPages.get(answer);
    if (!page) {
      page = renderAnswer(id, path, answer);
      freshPages.set(answer, page);
      page.then((rendered) => pages.put(key, rendered)).catch(() => undefined);
    }
    return page;
  }

  async function renderAnswer(
    id: string,
    url: string,
    answer: LookupAnswer | null,
  ): Promise<CachedPage> {
    const stopTimer = metrics.renderSeconds.startTimer();
    const page = await renderProfilePage({
      profileId: id,
      url,
      canonicalPath: paths.profile.href(id),
      publicOrigin: options.publicOrigin,
      lookup: answer,
      template: build.template,
      routeAssets: build.routeAssets,
      flowScripts: build.flowScripts,
    });
    stopTimer();
    const inlineScripts = page.inlineScripts.map(scriptHash);
    return toCachedPage(page, shell.policy(inlineScripts), inlineScripts);
  }

  function failed(req: Request, res: Response, next: (error: unknown) => void, error: unknown) {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof LookupFailedError) {
      // The API is down or slow: the browser renders the page (and asks the API itself).
      metrics.lookups.inc({ source: 'failed' });
      req.log.warn({ err: error }, 'profile lookup failed');
      res.set('Retry-After', RETRY_AFTER_SECONDS);
      shell.send(res, 503, 'no-store');
      return;
    }
    req.log.error({ err: error }, 'server render failed');
    void shell.sendErrorPage(res);
  }

  /**
   * The page at `key` (the address's path) for `req`: read afresh for a result or the sender
   * (`fresh`), else from the cache.
   */
  function pageAt(req: Request, id: string, path: string, key: string, result: boolean) {
    // An address just after a send (the spec's `show`, Stripe's return), or a browser that just
    // sent something to this profile (src/lib/sentMark.ts): a page from before would hide it from
    // them. Neither costs more than one fresh lookup a second per profile however often it comes
    // (ProfileLookup's `fresh`); an id that names no account has nothing to read afresh.
    const fresh = isPlausibleProfileId(id) && (result || carriesSentMark(req.headers.cookie, id));
    // The same profile within the TTL is the same page, whatever else its query says (a ref or
    // utm tag, a result's parameters: the server never renders what those change, the
    // Congratulations and the flow, which open once the page works): rendered once from its
    // path, and concurrent requests wait for that one render.
    const rendered = fresh ? renderFresh(id, path, key) : pages.get(key, () => render(id, path));
    return { fresh, rendered };
  }

  const serve: RequestHandler = (req, res, next) => {
    const segment = profileIdSegment(req.path);
    if (!segment) {
      next();
      return;
    }
    metrics.route(res, 'profile');
    const { id, path } = profileAddress(req.path, segment);
    const search = req.url.slice(req.path.length);
    const result = carriesResult(search);
    const { fresh, rendered } = pageAt(req, id, path, req.path, result);
    // Neither a page read afresh nor the sender's is kept by a cache: a browser, nginx or a CDN
    // would hand it to the next visitor or to the sender's next load unasked.
    const cacheControl = result || fresh ? 'no-store' : PROFILE_CACHE_CONTROL;
    rendered
      .then((page) => sendPage(req, res, page, cacheControl))
      .catch((error: unknown) => failed(req, res, next, error));
  };

  const pageFor = (req: Request, id: string) => {
    const path = paths.profile.href(id);
    return pageAt(req, id, path, path, false).rendered;
  };
  return { serve, pageFor };
}
