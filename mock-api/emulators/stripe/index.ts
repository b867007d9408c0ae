// The Stripe API emulator the mock API serves under /v1 (see README.md here for the contract).
import { stripeEmulator, type StripeEmulatorOptions, type StripeEmulatorState } from './emulator';

export {
  EMULATOR_PUBLISHABLE_KEY,
  EMULATOR_SECRET_KEY,
  SUPPORTED_PAYMENT_METHOD_TYPES,
  type NextAction,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentMethod,
  type StripeEmulatorOptions,
  type StripeErrorBody,
  type StripeEvent,
} from './emulator';
export { STRIPE_MESSAGES, TEST_CARDS, type CardOutcome, type TestCard } from './testCards';

/** Where the emulator is mounted on the mock API; stripe-node asks for /v1/... on its host. */
export const STRIPE_EMULATOR_ROUTE = '/v1';

export type StripeEmulator = StripeEmulatorState;

/** A fresh emulator: `router` for app.use('/v1', ...), `list()` of every PaymentIntent, `reset()`. */
export function createStripeEmulator(options: StripeEmulatorOptions = {}): StripeEmulator {
  return stripeEmulator(options);
}
