// Named fault scenarios for testers. A scenario belongs to a tester (its scope: ./testers.ts),
// not to the server: two testers on one mock API never see each other's faults, and a request
// from no tester gets none. A scenario expires on its own (30 minutes unless `ttlMinutes` says
// otherwise).
// `POST /api/__scenarios { "name": "slow", "delayMs": 3000 }` picks one for the caller (`null` or
// "none" clears it), `GET /api/__scenarios` lists them with the caller's active one.
//
// Where each one acts, for the tester making the request:
// - intent-error, intent-missing, network-drop, slow: the payment calls under /api/payment/
//   (create-payment-intent, create-donation-intent, payment-intent-for-both), via `paymentFault`.
// - answer-lost: those payment calls (`paymentFault`) and the recognition calls
//   (gratitude/create-gratitude, gratitude/image-gratitude: `answerLost`).
// - captcha-fail: the payment routes' captcha check (`captchaFails(req)`).
// - wallet-unsupported, wallet-apple-pay, wallet-google-pay, stripe-unavailable: the Stripe.js
//   emulator's script and its config (emulators/stripeJs.ts asks `walletChoice(req)` and
//   `stripeJsAvailable(req)`). Without one, its wallets follow the browser's platform.
// And for the tester who made the payment, whoever calls: confirm-slow on the Stripe emulator's
// confirmations (`confirmationDelayMs(tester)`), the webhook-* on Stripe's webhooks.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { WalletChoice } from '../emulators/browser/stripe-js/walletPlatform';
import { asyncRoute, jsonBody } from '../http';
import { checkFields, satisfying } from '../validation';
import { operatorCheck } from './operator';
import { testerForChange, testerScopeOf } from './testers';

export const SCENARIOS = {
  'intent-error': 'The payment intent calls answer 500 with a JSON error.',
  'intent-missing': 'The payment intent calls answer 200 without data.paymentIntent.',
  'network-drop': 'The payment intent calls close the connection without an answer.',
  slow: 'The payment intent calls answer after a delay (delayMs, 3000 ms unless given).',
  'answer-lost':
    'The recognition and payment calls do their work, store it, then close the connection without an answer.',
  'captcha-fail': 'Captcha verification fails, so the payment calls answer 400 invalid Captcha.',
  'wallet-unsupported':
    'The Stripe.js emulator reports that no wallet (Apple Pay, Google Pay) is available.',
  'wallet-apple-pay':
    'The Stripe.js emulator offers Apple Pay (and not Google Pay) whatever the browser, as Safari on an iPhone or a Mac would.',
  'wallet-google-pay':
    'The Stripe.js emulator offers Google Pay (and not Apple Pay) whatever the browser, as Chrome on Android or a desktop would.',
  'stripe-unavailable': 'The Stripe.js emulator script answers 503, so Stripe.js fails to load.',
  'confirm-slow':
    "Stripe's confirmations of your payments are made at once and answered after a delay (delayMs, 3000 ms unless given).",
  'webhook-delayed':
    "Stripe's webhooks for your payments arrive late (delayMs, 3000 ms unless given).",
  'webhook-duplicate': "Stripe's webhooks for your payments arrive twice each.",
  'webhook-out-of-order':
    "Stripe's webhooks for your payments arrive out of order: a later event comes first.",
  'webhook-lost':
    "Stripe's webhooks for your payments are never delivered: only the reconciliation (or a resend from /api/__webhooks) publishes.",
} as const;

export type ScenarioName = keyof typeof SCENARIOS;

/** The scenarios that set the Stripe.js emulator's wallets, and what each sets. */
const WALLET_SCENARIOS: Readonly<Record<string, WalletChoice>> = {
  'wallet-unsupported': 'none',
  'wallet-apple-pay': 'apple_pay',
  'wallet-google-pay': 'google_pay',
};

export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export const DEFAULT_SLOW_DELAY_MS = 3000;
export const MAX_SLOW_DELAY_MS = 60_000;

export const SCENARIOS_ROUTE = '/__scenarios';

export const DEFAULT_SCENARIO_TTL_MINUTES = 30;
export const MAX_SCENARIO_TTL_MINUTES = 24 * 60;
/** Testers remembered at once (the oldest is forgotten first). */
const MAX_TESTERS = 10_000;

export interface ScenarioState {
  /** Whether the caller is a tester (a header or a cookie names it); no tester: no scenario. */
  identified: boolean;
  active: ScenarioName | null;
  /** The delay of `slow`, `confirm-slow` and `webhook-delayed`, in milliseconds. */
  delayMs: number;
  /** When the active scenario ends by itself (ISO time), or null. */
  expiresAt: string | null;
  scenarios: { name: ScenarioName; description: string }[];
}

interface TesterScenario {
  name: ScenarioName;
  delayMs: number;
  expiresAt: number;
}

export interface Scenarios {
  /** GET and POST /__scenarios (mount under /api). */
  router: Router;
  /**
   * The request's tester scope (an opaque key, ./testers.ts): from its X-Grati-Tester header, else
   * its grati_tester cookie, else null (no tester).
   */
  testerOf(req: Request): string | null;
  /** The request carries the operator secret (a wrong one is a 403: ./operator). */
  isOperator(req: Request): boolean;
  /** The scenario active for the request's tester (null when none, or no tester). */
  activeFor(req: Request): ScenarioName | null;
  /** Sets (or, with null, clears) a tester scope's scenario, as POST /__scenarios does. */
  set(
    tester: string,
    name: ScenarioName | null,
    options?: { delayMs?: number; ttlMinutes?: number },
  ): void;
  /** Express middleware for the payment intent calls (intent-error ... slow, answer-lost). */
  paymentFault: RequestHandler;
  /** Express middleware for the recognition calls: answer-lost. */
  answerLost: RequestHandler;
  /** captcha-fail is active for the request's tester. */
  captchaFails(req: Request): boolean;
  /**
   * The Stripe.js emulator's wallets for the request's tester: none (wallet-unsupported), one
   * forced (wallet-apple-pay, wallet-google-pay), else the browser's platform's (`device`).
   */
  walletChoice(req: Request): WalletChoice;
  /** False while stripe-unavailable is active: the Stripe.js emulator script answers 503. */
  stripeJsAvailable(req: Request): boolean;
  /** The webhook delivery fault active for a tester scope (webhook-delayed ... -lost), or null. */
  webhookFault(tester: string | null): { name: WebhookFault; delayMs: number } | null;
  /** How long Stripe's answers to a tester scope's confirmations wait (confirm-slow), else 0. */
  confirmationDelayMs(tester: string | null): number;
}

export type WebhookFault = Extract<ScenarioName, `webhook-${string}`>;

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && Object.hasOwn(SCENARIOS, value);
}

const wholeNumber = (max: number) =>
  satisfying(
    `\${path} must be a whole number from 0 to ${max}.`,
    (v) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max),
  );

/** A tester's choice: a scenario (or null or "none" to clear), its delay and how long it lasts. */
const CHOICE = {
  name: satisfying(
    `name must be one of ${SCENARIO_NAMES.join(', ')}, or null (or "none") to clear.`,
    (v) => v === null || v === 'none' || isScenarioName(v),
  ),
  delayMs: wholeNumber(MAX_SLOW_DELAY_MS),
  ttlMinutes: wholeNumber(MAX_SCENARIO_TTL_MINUTES).test(
    'one',
    'ttlMinutes must be at least 1.',
    (v) => v !== 0,
  ),
};

export function createScenarios(options: { operatorSecret: string }): Scenarios {
  const testers = new LRUCache<string, TesterScenario>({ max: MAX_TESTERS, ttlAutopurge: false });

  const testerOf = testerScopeOf;

  const scenarioFor = (req: Request): TesterScenario | null => {
    const tester = testerOf(req);
    return tester === null ? null : (testers.get(tester) ?? null);
  };

  const state = (tester: string | null): ScenarioState => {
    const current = tester === null ? undefined : testers.get(tester);
    return {
      identified: tester !== null,
      active: current?.name ?? null,
      delayMs: current?.delayMs ?? DEFAULT_SLOW_DELAY_MS,
      expiresAt: current ? new Date(current.expiresAt).toISOString() : null,
      scenarios: SCENARIO_NAMES.map((name) => ({ name, description: SCENARIOS[name] })),
    };
  };

  const set: Scenarios['set'] = (tester, name, options = {}) => {
    if (name === null) {
      testers.delete(tester);
      return;
    }
    const ttl = (options.ttlMinutes ?? DEFAULT_SCENARIO_TTL_MINUTES) * 60_000;
    testers.set(
      tester,
      {
        name,
        delayMs: options.delayMs ?? DEFAULT_SLOW_DELAY_MS,
        expiresAt: Date.now() + ttl,
      },
      { ttl },
    );
  };

  const paymentFault: RequestHandler = (req, res, next) => {
    const current = scenarioFor(req);
    switch (current?.name) {
      case 'intent-error':
        res.status(500).json({
          error: 'scenario_intent_error',
          message: 'The payment intent could not be created (scenario intent-error).',
        });
        return;
      case 'intent-missing':
        res.json({ status: 200, data: {} });
        return;
      case 'network-drop':
        req.socket.destroy();
        return;
      case 'slow':
        setTimeout(next, current.delayMs);
        return;
      case 'answer-lost':
        loseAnswer(req, res);
        next();
        return;
      default:
        next();
    }
  };

  const answerLost: RequestHandler = (req, res, next) => {
    if (scenarioFor(req)?.name === 'answer-lost') loseAnswer(req, res);
    next();
  };

  const router = Router();
  router.get(SCENARIOS_ROUTE, (req, res) => {
    res.json({ status: 200, data: state(testerOf(req)) });
  });
  router.post(
    SCENARIOS_ROUTE,
    asyncRoute((req, res) => {
      const choice = checkFields(jsonBody(req), CHOICE);
      const name = choice.name as ScenarioName | 'none' | null;
      const { delayMs, ttlMinutes } = choice as { delayMs?: number; ttlMinutes?: number };
      const tester = testerForChange(req, res, MAX_SCENARIO_TTL_MINUTES * 60_000);
      set(tester, name === 'none' ? null : name, { delayMs, ttlMinutes });
      res.json({ status: 200, data: state(tester) });
    }),
  );

  const activeFor = (req: Request) => scenarioFor(req)?.name ?? null;
  return {
    router,
    testerOf,
    isOperator: operatorCheck(options.operatorSecret),
    activeFor,
    set,
    paymentFault,
    answerLost,
    captchaFails: (req) => activeFor(req) === 'captcha-fail',
    walletChoice: (req) => WALLET_SCENARIOS[activeFor(req) ?? ''] ?? 'device',
    stripeJsAvailable: (req) => activeFor(req) !== 'stripe-unavailable',
    webhookFault: (tester) => {
      const current = tester === null ? undefined : testers.get(tester);
      return current?.name.startsWith('webhook-')
        ? { name: current.name as WebhookFault, delayMs: current.delayMs }
        : null;
    },
    confirmationDelayMs: (tester) => {
      const current = tester === null ? undefined : testers.get(tester);
      return current?.name === 'confirm-slow' ? current.delayMs : 0;
    },
  };
}

/**
 * answer-lost: the request runs as it always does (its work done and stored), and where its
 * answer would go out, whatever it says, the connection is closed instead: an answer lost on the
 * way back, after the server acted.
 */
function loseAnswer(req: Request, res: Response): void {
  // Every answer of Express (json, send, an error's) ends here, before anything is written.
  res.end = (() => {
    req.socket.destroy();
    return res;
  }) as Response['end'];
}
