// Named fault scenarios for testers: one is active at a time, per mock API process, until it is
// cleared. `POST /api/__scenarios { "name": "slow", "delayMs": 3000 }` picks one (`null` or
// "none" clears it), `GET /api/__scenarios` lists them with the active one.
//
// Where each one acts:
// - intent-error, intent-missing, network-drop, slow: the payment calls under /api/payment/
//   (create-payment-intent, create-donation-intent, payment-intent-for-both), via `paymentFault`.
// - captcha-fail: the payment routes' captcha check (`captchaFails()`).
// - wallet-unsupported, stripe-unavailable: the Stripe.js emulator's switches
//   (setWalletsSupported, setStripeJsAvailable in emulators/stripeJs.ts, module state), set
//   whenever the active scenario changes; `walletsSupported()`, `stripeJsAvailable()` here too.
import { Router, type RequestHandler } from 'express';
import { asyncRoute, badRequest, jsonBody } from './http';
import { setStripeJsAvailable, setWalletsSupported } from './emulators/stripeJs';

export const SCENARIOS = {
  'intent-error': 'The payment intent calls answer 500 with a JSON error.',
  'intent-missing': 'The payment intent calls answer 200 without data.paymentIntent.',
  'network-drop': 'The payment intent calls close the connection without an answer.',
  slow: 'The payment intent calls answer after a delay (delayMs, 3000 ms unless given).',
  'captcha-fail': 'Captcha verification fails, so the payment calls answer 400 invalid Captcha.',
  'wallet-unsupported':
    'The Stripe.js emulator reports that no wallet (Apple Pay, Google Pay) is available.',
  'stripe-unavailable': 'The Stripe.js emulator script answers 503, so Stripe.js fails to load.',
} as const;

export type ScenarioName = keyof typeof SCENARIOS;

export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export const DEFAULT_SLOW_DELAY_MS = 3000;
export const MAX_SLOW_DELAY_MS = 60_000;

export const SCENARIOS_ROUTE = '/__scenarios';

export interface ScenarioState {
  active: ScenarioName | null;
  /** The delay of `slow`, in milliseconds. */
  delayMs: number;
  scenarios: { name: ScenarioName; description: string }[];
}

export interface Scenarios {
  /** GET and POST /__scenarios (mount under /api). */
  router: Router;
  active(): ScenarioName | null;
  set(name: ScenarioName | null, options?: { delayMs?: number }): void;
  state(): ScenarioState;
  /** Express middleware for the payment intent calls (intent-error ... slow). */
  paymentFault: RequestHandler;
  /** captcha-fail is active. */
  captchaFails(): boolean;
  /** False while wallet-unsupported is active: the Stripe.js emulator offers no wallet. */
  walletsSupported(): boolean;
  /** False while stripe-unavailable is active: the Stripe.js emulator script answers 503. */
  stripeJsAvailable(): boolean;
}

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && Object.hasOwn(SCENARIOS, value);
}

export function createScenarios(): Scenarios {
  let active: ScenarioName | null = null;
  let delayMs = DEFAULT_SLOW_DELAY_MS;

  const state = (): ScenarioState => ({
    active,
    delayMs,
    scenarios: SCENARIO_NAMES.map((name) => ({ name, description: SCENARIOS[name] })),
  });

  const set = (name: ScenarioName | null, options: { delayMs?: number } = {}) => {
    active = name;
    delayMs = options.delayMs ?? DEFAULT_SLOW_DELAY_MS;
    setWalletsSupported(name !== 'wallet-unsupported');
    setStripeJsAvailable(name !== 'stripe-unavailable');
  };
  // A new mock API starts with no scenario, whatever an earlier one in this process left.
  set(null);

  const paymentFault: RequestHandler = (req, res, next) => {
    switch (active) {
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
        setTimeout(next, delayMs);
        return;
      default:
        next();
    }
  };

  const router = Router();
  router.get(SCENARIOS_ROUTE, (_req, res) => {
    res.json({ status: 200, data: state() });
  });
  router.post(
    SCENARIOS_ROUTE,
    asyncRoute((req, res) => {
      const body = jsonBody(req);
      const name: unknown = body.name;
      if (name !== null && name !== 'none' && !isScenarioName(name)) {
        throw badRequest(
          'name',
          `name must be one of ${SCENARIO_NAMES.join(', ')}, or null (or "none") to clear.`,
        );
      }
      const rawDelay: unknown = body.delayMs;
      if (
        rawDelay !== undefined &&
        (typeof rawDelay !== 'number' ||
          !Number.isInteger(rawDelay) ||
          rawDelay < 0 ||
          rawDelay > MAX_SLOW_DELAY_MS)
      ) {
        throw badRequest(
          'delayMs',
          `delayMs must be a whole number from 0 to ${MAX_SLOW_DELAY_MS}.`,
        );
      }
      set(name === 'none' ? null : name, { delayMs: rawDelay });
      res.json({ status: 200, data: state() });
    }),
  );

  return {
    router,
    active: () => active,
    set,
    state,
    paymentFault,
    captchaFails: () => active === 'captcha-fail',
    walletsSupported: () => active !== 'wallet-unsupported',
    stripeJsAvailable: () => active !== 'stripe-unavailable',
  };
}
