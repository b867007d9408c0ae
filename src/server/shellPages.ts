// The pages the server sends as they are built: the app shell (the browser renders the page) for
// the app's routes and for a page not found, and the error screen in the site's frame, rendered
// once, for a page that could not be rendered. The routes are the app's own (src/config/paths.ts).
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { isAppRoute, resolvesDeepLink } from '../config/paths';
import { LinkScreen } from '../features/deeplink/DeepLinkGate';
import { isNotPage } from './addresses';
import type { ClientBuild } from './clientBuild';
import { HttpError } from './errors';
import type { ServerMetrics } from './metrics';
import { buildPagePolicy } from './pagePolicy';
import { ROOT_ID } from './pageState';
import { scriptHash } from './pagePolicy';
import { preloadLinks, renderErrorPage } from './renderPage';

export interface ShellPages {
  /** The Content-Security-Policy of a page with these inline scripts (besides the shell's). */
  policy(inlineScripts?: readonly string[]): string;
  /** The app shell, as built: the browser renders the page. */
  send(res: Response, status: number, cacheControl: string): void;
  /**
   * The shell of a visit through a Branch link (`?_branch_match_id=`): it shows the deep-link
   * gate's screen (`Loading...`, or `Invalid QR Found` when `invalid`) until the app renders it,
   * and runs `script` (inline, allowed by its policy) before the app's own.
   */
  sendLinkShell(
    res: Response,
    options: { status: number; cacheControl: string; invalid?: boolean; script?: string },
  ): void;
  /** The error screen in the site's frame, as a 500 (unless an answer has begun meanwhile). */
  sendErrorPage(res: Response): Promise<void>;
  /** The app's routes get the shell; any other page the app's own "Page not found", as a 404. */
  serveAppRoutes: RequestHandler;
}

/** The query of a request's target (`?...`), or nothing. */
export function queryOf(target: string): string {
  const start = target.indexOf('?');
  return start < 0 ? '' : target.slice(start);
}

export function createShellPages(options: {
  build: ClientBuild;
  publicOrigin: string;
  /** The API's media origins (MEDIA_ORIGINS): the pages' videos and pictures may come from them. */
  mediaOrigins: readonly string[];
  logger: Logger;
  metrics: ServerMetrics;
}): ShellPages {
  const { build, logger, metrics } = options;
  const { template } = build;
  const policy = buildPagePolicy(
    build.services,
    template,
    options.publicOrigin,
    options.mediaOrigins,
  );
  const shellPolicy = policy();
  const errorShell = renderErrorPage(template).catch((error: unknown) => {
    logger.error({ err: error }, 'the error page could not be rendered');
    return template;
  });

  // A visit through a Branch link (`?_branch_match_id=`) turns into the link's profile in
  // place: its shell fetches the code of that (the SDK's chunk, the profile route's) from the
  // start, beside the shell's own, rather than each only once the one before has run and asked.
  // Its root shows the gate's screen from the first paint; the app renders in its place (the
  // page has no server state, so src/main.tsx renders it rather than hydrating it).
  const deepLinkShell = (invalid: boolean) =>
    template
      .replace('</head>', `${preloadLinks(build.deepLinkAssets)}</head>`)
      .replace(
        `<div id=${ROOT_ID}></div>`,
        `<div id=${ROOT_ID}>${renderToStaticMarkup(
          createElement(LinkScreen, { status: invalid ? 'invalid' : 'resolving' }),
        )}</div>`,
      );
  const linkShells = { resolving: deepLinkShell(false), invalid: deepLinkShell(true) };
  const sendShell = (
    res: Response,
    status: number,
    cacheControl: string,
    html: string,
    csp = shellPolicy,
  ) => {
    metrics.route(res, 'shell');
    res
      .status(status)
      .set({ 'Content-Security-Policy': csp, 'Cache-Control': cacheControl })
      .type('html')
      .send(html);
  };
  const sendLinkShell: ShellPages['sendLinkShell'] = (res, options) => {
    const html = linkShells[options.invalid ? 'invalid' : 'resolving'];
    const { script } = options;
    if (!script) {
      sendShell(res, options.status, options.cacheControl, html);
      return;
    }
    const withScript = html.replace('</head>', `<script>${script}</script></head>`);
    sendShell(res, options.status, options.cacheControl, withScript, policy([scriptHash(script)]));
  };
  const send = (res: Response, status: number, cacheControl: string) =>
    sendShell(res, status, cacheControl, template);
  const sendErrorPage = async (res: Response) => {
    const html = await errorShell;
    if (res.headersSent) return;
    metrics.route(res, 'shell');
    res
      .status(500)
      .set({ 'Content-Security-Policy': shellPolicy, 'Cache-Control': 'no-store' })
      .type('html')
      .send(html);
  };
  const serveAppRoutes: RequestHandler = (req, res, next) => {
    if (isAppRoute(req.path)) {
      if (resolvesDeepLink(req.path, queryOf(req.originalUrl))) {
        sendLinkShell(res, { status: 200, cacheControl: 'no-cache' });
      } else sendShell(res, 200, 'no-cache', template);
    } else if (isNotPage(req.path)) next(new HttpError(404, 'Not found'));
    // The app's own "Page not found", with a 404.
    else send(res, 404, 'no-cache');
  };
  return { policy, send, sendLinkShell, sendErrorPage, serveAppRoutes };
}
