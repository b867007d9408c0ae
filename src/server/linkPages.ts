// The page of a visit through a Branch link (a QR code: `/?_branch_match_id=<id>`), resolved on
// the server (branchLinks.ts): a link that opens a profile is answered with that profile's page,
// in place, kept by no cache, whose first script puts the profile's address in the address bar;
// a link that opens none with 'Invalid QR Found'. Without an answer in time (Branch slow or down,
// the breaker open, BRANCH_RESOLVE=off), the shell as before: the page resolves the link itself.
// The pages answered here say how long Branch's answer took (`Server-Timing: branch;dur=<ms>`, a
// duration only), for the bench and a browser's own timings.
import type { Request, RequestHandler, Response } from 'express';
import { LINK_VISIT_STATE_KEY, type LinkVisit } from '../config/linkVisit';
import { DEEP_LINK_PARAMETER, isAppRoute, paths, resolvesDeepLink } from '../config/paths';
import type { BranchLinks } from './branchLinks';
import type { ServerMetrics } from './metrics';
import type { CachedPage } from './pageCache';
import { scriptHash } from './pagePolicy';
import { LookupFailedError } from './profileLookup';
import type { ProfilePages } from './profilePages';
import { queryOf, type ShellPages } from './shellPages';

export interface LinkPagesOptions {
  branchLinks: BranchLinks;
  profiles: ProfilePages;
  shell: ShellPages;
  metrics: ServerMetrics;
}

/**
 * The inline script that hands the server's answer to the page before the app's first script
 * runs: kept in the history entry's state (src/config/linkVisit.ts), and, for a profile, that
 * profile's address in place of the link's, so the app starts as on any visit to the profile.
 */
export function linkVisitScript(visit: LinkVisit, href?: string): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `history.replaceState(Object.assign({},history.state,{${json(LINK_VISIT_STATE_KEY)}:` +
    `${json(visit)}}),''${href ? `,${json(href)}` : ''})`
  );
}

/** The profile's page with the script that puts its address in place, kept by no cache. */
function sendProfile(res: Response, page: CachedPage, script: string, shell: ShellPages): void {
  // The script goes before everything else the page runs: the app's scripts load after paint.
  const html = page.html.replace('</head>', `<script>${script}</script></head>`);
  res
    .status(page.status)
    .set({
      'Content-Security-Policy': shell.policy([...page.inlineScripts, scriptHash(script)]),
      'Cache-Control': 'no-store',
      Link: page.link,
    })
    .type('html')
    // Compressed as it goes (requestFrame.ts): each such page is sent once.
    .send(html);
}

export function serveLinkPages(options: LinkPagesOptions): RequestHandler {
  const { branchLinks, profiles, shell, metrics } = options;

  async function answer(req: Request, res: Response, clickId: string): Promise<boolean> {
    const asked = performance.now();
    const found = await branchLinks.resolve(clickId);
    metrics.branchLinks.inc({
      answer: found.kind,
      reason:
        'reason' in found ? found.reason : found.kind === 'failed' ? String(found.status) : '',
    });
    const branchTiming = `branch;dur=${(performance.now() - asked).toFixed(1)}`;
    if (found.kind === 'noProfile' || found.kind === 'failed') {
      res.set('Server-Timing', branchTiming);
      // No profile to show, now or on a reload: nothing for a cache or a crawler to keep.
      shell.sendLinkShell(res, {
        status: 404,
        cacheControl: 'no-store',
        invalid: true,
        script: linkVisitScript({ clickId, invalid: true }),
      });
      return true;
    }
    if (found.kind !== 'profile') return false;
    const { profileId } = found;
    try {
      const page = await profiles.pageFor(req, profileId);
      metrics.route(res, 'profile');
      res.set('Server-Timing', branchTiming);
      sendProfile(res, page, linkVisitScript({ clickId }, paths.profile.href(profileId)), shell);
      return true;
    } catch (error) {
      // The API down or slow: the page resolves the link and asks the API itself.
      if (error instanceof LookupFailedError) {
        req.log.warn({ err: error }, 'profile lookup failed for a Branch link');
        return false;
      }
      throw error;
    }
  }

  return (req, res, next) => {
    const search = queryOf(req.originalUrl);
    if (!isAppRoute(req.path) || !resolvesDeepLink(req.path, search)) {
      next();
      return;
    }
    const clickId = new URLSearchParams(search).get(DEEP_LINK_PARAMETER) ?? '';
    answer(req, res, clickId).then(
      (answered) => {
        if (!answered && !res.headersSent) next();
      },
      (error: unknown) => next(error),
    );
  };
}
