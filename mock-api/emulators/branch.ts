// An offline stand-in for the Branch services the real `branch-sdk` calls during `branch.init`:
// the api2.branch.io endpoints (POST /v1/open, POST /v1/pageview, reached through the SDK's own
// `setAPIUrl`) and the app.link fingerprint script (GET /_r, JSONP). The SDK hard-codes
// https://app.link for that one call, so the page shell of an emulator build loads
// emulator-redirects.js first, which points the SDK's app.link script tags here (see that file).
//
// Links: `?_branch_match_id=<id>` reaches /v1/open as `link_identifier`. The QR codes below carry
// the profile id under the custom link-data key `dynamicKey`, as the app's real links do;
// `qr-broken` is refused with an HTTP error (no retry: a 4xx), so init calls back with an error.
import { randomInt } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import { allowAnyOrigin } from './crossOrigin';

export const BRANCH_EMULATOR_ROUTE = '/__branch';

/** The link-data key under which Grati's links carry the profile id. */
export const DYNAMIC_KEY = 'dynamicKey';

/** Link identifiers the emulator knows, with the profile each one opens. */
export const EMULATED_LINKS: Readonly<Record<string, string>> = {
  'qr-ava': 'ava-martinez',
  'qr-bluebird': 'bluebird-cafe',
  'qr-green-earth': 'green-earth-fund',
};

/** A link whose lookup fails on the server, so `branch.init` calls back with an error. */
export const BROKEN_LINK = 'qr-broken';

/**
 * Ava's link, answered only after SLOW_LINK_DELAY_MS: past the production server's deadline for
 * Branch (BRANCH_RESOLVE_MS, 2 s at most), so the server leaves it to the page, whose branch-sdk
 * (5 s) resolves it: the page's own path, as when Branch is slow for the server.
 */
export const SLOW_LINK = 'qr-ava-slow';
export const SLOW_LINK_DELAY_MS = 2500;

// The same rule the SDK applies before it sends a POST; live keys are refused so an emulator
// can never be mistaken for the real service.
const TEST_KEY = /^key_test_[A-Za-z0-9]{32,}$/;
const LIVE_KEY = /^key_live_/;
const CALLBACK_NAME = /^[A-Za-z_$][\w$]{0,63}$/;

export function branchEmulator(): Router {
  const router = Router();
  // The real Branch API is cross-origin to every site that uses it and needs no credentials.
  router.use(allowAnyOrigin());
  router.use(express.urlencoded({ extended: false, limit: '20kb' }));

  // https://app.link/_r?sdk=web2.89.2&branch_key=...&callback=branch_callback__0
  router.get('/app.link/_r', (req, res) => {
    const callback = stringParam(req.query.callback);
    if (!callback || !CALLBACK_NAME.test(callback)) {
      res.status(400).type('application/javascript').send('/* callback is missing or invalid */');
      return;
    }
    const keyError = branchKeyError(stringParam(req.query.branch_key));
    if (keyError) {
      res.status(400).type('application/javascript').send(`/* ${keyError} */`);
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res
      .type('application/javascript')
      .send(
        `/**/ typeof ${callback} === 'function' && ${callback}(${JSON.stringify(numericId())});`,
      );
  });

  router.post('/v1/open', (req, res) => {
    const body = formBody(req);
    if (!requireBranchKey(body.branch_key, res)) return;
    if (body.link_identifier === SLOW_LINK) {
      const answer = () => {
        if (!res.destroyed) sendOpen(res, body, 'ava-martinez', SLOW_LINK);
      };
      setTimeout(answer, SLOW_LINK_DELAY_MS).unref();
      return;
    }
    const linkId = body.link_identifier ?? '';
    if (linkId === BROKEN_LINK) {
      branchError(res, 400, `The link ${linkId} is not valid.`);
      return;
    }
    const profileId = Object.hasOwn(EMULATED_LINKS, linkId) ? EMULATED_LINKS[linkId] : undefined;
    sendOpen(res, body, profileId, linkId);
  });

  // Sent after a successful init (Journeys). No banner is ever configured here.
  router.post('/v1/pageview', (req, res) => {
    if (!requireBranchKey(formBody(req).branch_key, res)) return;
    res.json({ branch_view_enabled: false });
  });

  router.use((req, res) => {
    branchError(res, 404, `The Branch emulator has no ${req.method} ${req.path}.`);
  });
  return router;
}

/** /v1/open's answer: the link data of `linkId`, a clicked link when it opens `profileId`. */
function sendOpen(
  res: Response,
  body: Record<string, string | undefined>,
  profileId: string | undefined,
  linkId: string,
): void {
  const data: Record<string, unknown> = {
    '+clicked_branch_link': profileId !== undefined,
    '+is_first_session': true,
  };
  if (profileId !== undefined) {
    Object.assign(data, {
      '+match_guaranteed': true,
      '+click_timestamp': Math.floor(Date.now() / 1000),
      '~referring_link': `https://grati.app.link/${linkId}`,
      '~channel': 'qr',
      '~feature': 'profile',
      '~id': numericId(),
      [DYNAMIC_KEY]: profileId,
    });
  }
  res.json({
    session_id: numericId(),
    identity_id: numericId(),
    browser_fingerprint_id: body.browser_fingerprint_id || numericId(),
    link: `https://grati.app.link/?%24identity_id=${numericId()}`,
    identity: null,
    has_app: false,
    // Branch sends the link data as a JSON string; the SDK parses it into `data_parsed`.
    data: JSON.stringify(data),
  });
}

function formBody(req: Request): Record<string, string | undefined> {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') return {};
  const fields: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function branchKeyError(key: string | undefined): string | undefined {
  if (!key) return 'Invalid or missing app id, Branch key, or secret';
  if (LIVE_KEY.test(key)) return 'The Branch emulator accepts test keys only (key_test_...)';
  if (!TEST_KEY.test(key)) return 'Invalid or missing app id, Branch key, or secret';
  return undefined;
}

function requireBranchKey(key: string | undefined, res: Response): boolean {
  const error = branchKeyError(key);
  if (error) branchError(res, 400, error);
  return !error;
}

/** Branch's error body: { error: { code, message } }. */
function branchError(res: Response, code: number, message: string): void {
  res.status(code).json({ error: { code, message } });
}

/** Branch ids are decimal strings of 17 to 19 digits. */
function numericId(): string {
  return `${randomInt(1, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}
