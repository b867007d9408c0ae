// The mock API: json-server 0.17's express app with the product's routes, the guest bearer
// check, strict CORS, the demo media, the testers' harness and the emulated services.
// `createMockApi` builds it and is the one place that mounts anything, in the order it reads
// (see its comments); only cli.ts listens.
import path from 'node:path';
import express, { type Request, type RequestHandler } from 'express';
import cors from 'cors';
import jsonServer from 'json-server';
import type Stripe from 'stripe';
import { SEED_FILE, SEED_MEDIA_DIR, Store } from './db/store';
import { HttpError, errorHandler } from './http';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { MEDIA_ORIGIN_SETTING, MEDIA_ROUTE } from './media';
import { securityHeaders } from './securityHeaders';
import { requestLog, type LogLine } from './requestLog';
import { DEFAULT_GUEST_TOKEN } from './env';
import { checkStripeEnv, createStripeClient } from './stripeClient';
import { createCaptchaVerifier } from './captchaVerifier';
import { profileRoutes } from './routes/profile';
import { galleryRoutes } from './routes/gallery';
import { guestRoutes } from './routes/guests';
import { gratitudeRoutes } from './routes/gratitude';
import { paymentRoutes } from './routes/payments';
import { paymentRefresher } from './routes/payments/publish';
import { paymentReconciler } from './routes/payments/reconcile';
import { paymentTesterRoutes } from './routes/payments/testerViews';
import { STRIPE_WEBHOOK_ROUTE, createWebhooks } from './routes/payments/webhooks';
import { BRANCH_EMULATOR_ROUTE, branchEmulator } from './emulators/branch';
import { RECAPTCHA_EMULATOR_ROUTE, recaptchaEmulator } from './emulators/recaptcha';
import {
  STRIPE_EMULATOR_ROUTE,
  createStripeEmulator,
  restoreStripeState,
} from './emulators/stripe';
import { STRIPE_JS_EMULATOR_ROUTE, stripeJsEmulator } from './emulators/stripeJs';
import {
  SHARED_DEMO_REQUEST_HEADERS,
  type SharedDemo,
  mountSharedDemo,
  openSharedDemo,
} from './sharedDemo';

export const API_ROUTE = '/api';

/** The paths the mock API answers; a server that puts it in front of an app passes it only these. */
export const MOCK_API_PATHS = [
  API_ROUTE,
  MEDIA_ROUTE,
  BRANCH_EMULATOR_ROUTE,
  STRIPE_EMULATOR_ROUTE,
  STRIPE_JS_EMULATOR_ROUTE,
  RECAPTCHA_EMULATOR_ROUTE,
] as const;

/**
 * The mock API in front of another app on one origin (npm start's dev server, npm run preview's
 * production server): its paths go to it, everything else straight on, untouched by its headers.
 */
export function inFrontOf(mockApp: express.Express): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (MOCK_API_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      mockApp(req, res, next);
    } else next();
  };
}

/**
 * The demo on one origin, as `npm run preview` serves it (and the tests that stand for it): the
 * mock API (`inFrontOf`) in front of the production server's app, both believing the same proxies.
 */
export function demoOnOneOrigin(
  mockApi: RequestHandler,
  production: RequestHandler,
  trustProxy: MockApiOptions['trustProxy'] = false,
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  app.use(mockApi);
  app.use(production);
  return app;
}

export const DEFAULT_DATA_DIR = path.join(__dirname, '.data');

export interface MockApiOptions {
  /** Folder for the data file and uploads; created from the seed when empty. */
  dataDir: string;
  guestToken?: string;
  /** Origins allowed by CORS (the app's). Same-origin requests need none. */
  allowedOrigins?: string[];
  /** The request log (method, URL with its secrets redacted, status, time): requestLog.ts. */
  logger?: boolean;
  /** Where the request log's lines go (default standard output). */
  logTo?: LogLine;
  /**
   * Which proxies' X-Forwarded-Proto and X-Forwarded-For are believed, as Express's `trust proxy`
   * takes it (TRUST_PROXY: a hop count, or addresses, CIDRs and `loopback`/`uniquelocal`, as a
   * list or comma-separated). Unset: none, so `req.secure` means this server's own TLS only.
   */
  trustProxy?: false | number | string | string[];
  seedFile?: string;
  /** The origin media URLs are printed with; unset: none, they are paths (/media/...). */
  mediaOrigin?: string;
  /** How long a paid review waits for its webhook before a lookup asks Stripe (default 60 s). */
  reconcileAfterMs?: number;
  /** How often a lookup may ask Stripe about one open payment (default 5 min). */
  reconcileEveryMs?: number;
  /** How long an unpaid intent stays open before it is canceled (default a day). */
  giveUpAfterMs?: number;
  /** The reconciliation's clock (default Date.now): tests move it instead of waiting. */
  now?: () => number;
}

export interface MockApi {
  app: express.Express;
  store: Store;
  /**
   * This start's operator secret (`X-Grati-Operator`, ./sharedDemo/operator.ts): everyone's rows
   * in the testers' lists. For the server's own console, never for a browser.
   */
  operatorSecret: string;
  /** The Stripe emulator's secret key, this data folder's (./sharedDemo/keyFiles.ts). */
  emulatorSecretKey: string;
  /** Stops its webhook deliveries (waiting for those under way), before the server closes. */
  stop(): Promise<void>;
}

export async function createMockApi(options: MockApiOptions): Promise<MockApi> {
  checkStripeEnv(process.env);
  const store = await Store.open(options.dataDir, options.seedFile ?? SEED_FILE);
  // The shared demo's secrets and tester scopes (./sharedDemo): what several mounts ask.
  const sharedDemo = await openSharedDemo(options.dataDir);
  const { operatorSecret, emulatorSecretKey, scenarios } = sharedDemo;
  const guestToken = options.guestToken ?? DEFAULT_GUEST_TOKEN;
  const allowedOrigins = new Set(options.allowedOrigins ?? []);

  const { stripeFor, webhooks, stripeEmulator, recaptcha, captcha, reconcilePayments } =
    sharedServices(store, options, sharedDemo);
  // A file an older version saved named the emulator's idempotency records by its secret key:
  // restored under the key's digest, and written so at once (a commit that changes nothing
  // writes nothing).
  await store.commit();

  const app = jsonServer.create() as express.Express;
  app.disable('x-powered-by');
  // Whether a request came over HTTPS (a Secure cookie) is believed from a trusted proxy only.
  try {
    app.set('trust proxy', options.trustProxy ?? false);
  } catch (error) {
    throw new Error(`TRUST_PROXY (trustProxy) is not valid: ${(error as Error).message}`);
  }
  if (options.mediaOrigin) app.set(MEDIA_ORIGIN_SETTING, options.mediaOrigin);

  // 1. Every answer: security headers, the log, CORS.
  app.use(securityHeaders);
  if (options.logger) app.use(requestLog(options.logTo));
  app.use(
    cors({
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowedOrigins.has(origin)),
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        IDEMPOTENCY_HEADER,
        ...SHARED_DEMO_REQUEST_HEADERS,
      ],
      maxAge: 600,
    }),
  );

  // 2. The demo media and the guests' uploads.
  app.use(`${MEDIA_ROUTE}/seed`, mediaCache, express.static(SEED_MEDIA_DIR, { index: false }));
  app.use(`${MEDIA_ROUTE}/uploads`, mediaCache, express.static(store.uploadsDir, { index: false }));
  app.use(MEDIA_ROUTE, (_req, _res, next) =>
    next(new HttpError(404, 'not_found', 'No such media.')),
  );

  // 3. Stripe's webhook endpoint: before /api, as Stripe calls it without the guest token.
  app.use(STRIPE_WEBHOOK_ROUTE, webhooks.endpoint);

  // 4. The API: the guest token, then JSON bodies, then each route on its own paths.
  const api = express.Router();
  api.use(requireGuestToken(guestToken));
  api.use(express.json({ limit: '100kb', strict: true }));
  // 4a. The contract's routes (src/api/contract).
  api.use(profileRoutes(store, { beforeLookup: reconcilePayments }));
  api.use(galleryRoutes(store));
  api.use(guestRoutes(store));
  api.use(gratitudeRoutes(store, { faults: scenarios.answerLost }));
  api.use(paymentRoutes(store, { captcha, scenarios, stripe: stripeFor }));
  // 4b. The shared demo (mock only): scenarios, the testers' payments and webhooks, demo
  // profiles and data.
  mountSharedDemo(api, sharedDemo, {
    store,
    testerViews: [paymentTesterRoutes(store, { scenarios, stripe: stripeFor }), webhooks.testers],
  });
  // 4c. Anything else under /api: a JSON 404.
  api.use((req, _res, next) =>
    next(new HttpError(404, 'not_found', `No route for ${req.method} ${req.originalUrl}.`)),
  );
  app.use(API_ROUTE, api);

  // 5. The emulated services: Branch, Stripe's API (/v1, its own keys, no guest token),
  // Stripe.js, reCAPTCHA.
  app.use(BRANCH_EMULATOR_ROUTE, branchEmulator());
  app.use(STRIPE_EMULATOR_ROUTE, stripeEmulator.router);
  app.use(STRIPE_JS_EMULATOR_ROUTE, stripeJsEmulator(scenarios));
  app.use(RECAPTCHA_EMULATOR_ROUTE, recaptcha.router);

  // 6. Every error, as JSON.
  app.use(errorHandler);

  return { app, store, operatorSecret, emulatorSecretKey, stop: webhooks.stop };
}

/** What several mounts share (made before any is mounted): the payment services and emulators. */
function sharedServices(
  store: Store,
  { reconcileAfterMs, reconcileEveryMs, giveUpAfterMs, now, allowedOrigins }: MockApiOptions,
  // The testers' fault scenarios: the payment calls apply them, the Stripe.js emulator reads its
  // flags, the webhooks their delivery faults, the Stripe emulator its confirmations' delay; the
  // testers' lists ask it who is asking.
  { scenarios, emulatorSecretKey }: SharedDemo,
) {
  // One Stripe client (the emulator on this server's port, unless STRIPE_SECRET_KEY is set) and
  // one refresher that reads payments back from it: for the payment calls, the reconciliation,
  // the testers' views and the webhook endpoint.
  let stripeClient: Stripe | undefined;
  const stripeFor = (req: Request) =>
    (stripeClient ??= createStripeClient(process.env, {
      origin: `http://127.0.0.1:${req.socket.localPort}`,
      secretKey: emulatorSecretKey,
    }));
  const refreshPayments = paymentRefresher(store, stripeFor);
  // The Stripe emulator's events go out as Stripe's webhooks, to this server's own endpoint.
  const webhooks = createWebhooks(store, { scenarios, refreshPayments });
  // Its state lives in the data file, committed with the data before each of its answers, so
  // intents, charges and refunds outlive a restart (see EMULATORS_KEY in db/store.ts).
  const stripeEmulator = createStripeEmulator({
    onEvent: webhooks.deliver,
    secretKey: emulatorSecretKey,
    initialState: restoreStripeState(store.savedEmulatorState('stripe')),
    persist: () => store.commit(),
    // The app's origins (those CORS lets through): where a bank page may send the browser back
    // to, besides this server's own host.
    siteOrigins: allowedOrigins,
    // confirm-slow, for the tester whose payment it is (the emulator knows no testers).
    confirmationDelayMs: (intentId) => {
      const payment = store.db.payments?.find((p) => p.intentId === intentId);
      return scenarios.confirmationDelayMs(payment?.tester ?? null);
    },
  });
  store.keepEmulatorState('stripe', stripeEmulator.state);
  // The payment calls check captcha tokens with the reCAPTCHA emulator (unless a secret is set).
  const recaptcha = recaptchaEmulator();
  const captcha = createCaptchaVerifier({ emulator: recaptcha });
  // Before the profile lookup answers: settle the profile's payments whose webhook was lost
  // (each asked about at most every few minutes, given up unpaid after a day).
  const reconcilePayments = paymentReconciler(store, {
    refreshPayments,
    stripe: stripeFor,
    reconcileAfterMs,
    reconcileEveryMs,
    giveUpAfterMs,
    now,
  });
  return {
    stripeFor,
    refreshPayments,
    webhooks,
    stripeEmulator,
    recaptcha,
    captcha,
    reconcilePayments,
  };
}

const mediaCache: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'public, max-age=3600');
  next();
};

function requireGuestToken(token: string): RequestHandler {
  const expected = `Bearer ${token}`;
  return (req, res, next) => {
    if (req.get('authorization') === expected) {
      next();
      return;
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="grati-guest"');
    next(
      new HttpError(
        401,
        'unauthorized',
        req.get('authorization')
          ? 'The guest token is not valid.'
          : 'The Authorization: Bearer <guest token> header is missing.',
      ),
    );
  };
}
