// The Stripe API emulator the mock API serves under /v1 (see README.md here for the contract and
// the modules it is made of).
import type { Router } from 'express';
import { EMULATOR_PUBLISHABLE_KEY as DEFAULT_PUBLISHABLE_KEY } from './auth';
import { chargeRoutes, paymentMethodRoutes } from './chargeRoutes';
import { eventEmitter, heldUntilStored, type OnEvent } from './events';
import { stripeRouter, type Persist } from './http';
import { paymentIntentRoutes } from './intentRoutes';
import { isEmulatorSecretKey, newEmulatorSecretKey } from './keys';
import { threeDSecureRedirectRoutes } from './threeDSecureRedirect';
import { clearStripeState, emptyStripeState, paymentIntentsOf, type StripeState } from './state';
import type { PaymentIntent } from './types';

export { EMULATOR_PUBLISHABLE_KEY } from './auth';
export { isEmulatorSecretKey, newEmulatorSecretKey } from './keys';
export type { OnEvent } from './events';
export { emptyStripeState, restoreStripeState, type StripeState } from './state';
export {
  SUPPORTED_PAYMENT_METHOD_TYPES,
  type Charge,
  type Dispute,
  type NextAction,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentMethod,
  type Refund,
  type StripeErrorBody,
  type StripeEvent,
} from './types';
export { STRIPE_MESSAGES, TEST_CARDS, type CardOutcome, type TestCard } from './testCards';

/** Where the emulator is mounted on the mock API; stripe-node asks for /v1/... on its host. */
export const STRIPE_EMULATOR_ROUTE = '/v1';

export interface StripeEmulatorOptions {
  /** The secret key (`sk_test_emu_...`, keys.ts: the mock API passes its data folder's, sharedDemo/keyFiles.ts). */
  secretKey?: string;
  publishableKey?: string;
  /** Told every event Stripe would send a webhook for, with the API request that caused it. */
  onEvent?: OnEvent;
  /** What the emulator starts from (a copy is taken), e.g. a `state` saved earlier. */
  initialState?: StripeState;
  /** Awaited after every POST, before its answer and its events: makes the `state` durable. */
  persist?: Persist;
  /**
   * How long (ms) the answer to a confirmation of the intent `intentId` (`/confirm`, and the 3-D
   * Secure challenge's `/authenticate`) waits, once the confirmation is stored and its events are
   * out: a slow network between the payer and Stripe, for whoever runs the emulator to choose per
   * intent. Default none.
   */
  confirmationDelayMs?: (intentId: string) => number;
  /**
   * The site's origins a redirect 3-D Secure challenge's bank page may send the browser back to
   * (`return_url`), besides the host the page is served on: the app's, when it is served apart
   * from the emulator. Default none.
   */
  siteOrigins?: readonly string[];
}

export interface StripeEmulator {
  /** For app.use('/v1', ...). */
  router: Router;
  /** Every PaymentIntent (copies), oldest first. */
  list(): PaymentIntent[];
  /** Forgets everything: `state` is emptied in place. */
  reset(): void;
  /** The live state: plain data, JSON-serialisable, changed by every call. */
  readonly state: StripeState;
  /** The secret key it accepts (a fresh random one unless `secretKey` was given). */
  readonly secretKey: string;
}

export function createStripeEmulator(options: StripeEmulatorOptions = {}): StripeEmulator {
  const state = options.initialState ? structuredClone(options.initialState) : emptyStripeState();
  const secretKey = options.secretKey ?? newEmulatorSecretKey();
  if (!isEmulatorSecretKey(secretKey)) {
    // A guessable key (a documented constant) would open every guest's payment to anyone.
    throw new Error('The Stripe emulator takes only a secret key made by newEmulatorSecretKey().');
  }
  const keys = {
    secretKey,
    publishableKey: options.publishableKey ?? DEFAULT_PUBLISHABLE_KEY,
  };
  const router = stripeRouter(
    state,
    keys,
    eventEmitter(state, options.onEvent && heldUntilStored(options.onEvent)),
    [paymentIntentRoutes, threeDSecureRedirectRoutes, paymentMethodRoutes, chargeRoutes],
    {
      persist: options.persist,
      confirmationDelayMs: options.confirmationDelayMs,
      siteOrigins: options.siteOrigins,
    },
  );
  return {
    router,
    list: () => paymentIntentsOf(state).map((intent) => structuredClone(intent)),
    reset: () => clearStripeState(state),
    state,
    secretKey,
  };
}
