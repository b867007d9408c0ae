// The one place the mock API builds its `stripe` SDK client (the only importer of `stripe`).
//
// With STRIPE_SECRET_KEY (a test-mode key, sk_test_... or rk_test_...) it talks to the real
// Stripe API. Otherwise it talks to the Stripe emulator the mock API itself serves under /v1, so
// the caller passes that server's own origin. The port is only known after listen(), so the
// payment routes create the client lazily on their first request, from the socket that request
// arrived on (not from the Host header, which a dev proxy may rewrite):
//
//   let stripe: Stripe | undefined;
//   const stripeFor = (req: Request) =>
//     (stripe ??= createStripeClient(process.env, `http://127.0.0.1:${req.socket.localPort}`));
import Stripe from 'stripe';
import { EMULATOR_SECRET_KEY } from './emulators/stripe';

export interface StripeClientEnv {
  STRIPE_SECRET_KEY?: string;
}

export type StripeClient = Stripe;

export function createStripeClient(env: StripeClientEnv, emulatorOrigin?: string): Stripe {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (secretKey) {
    if (!/^(sk|rk)_test_/.test(secretKey)) {
      // Demos and tests create PaymentIntents; a live key would charge real cards.
      throw new Error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_... or rk_test_...).');
    }
    return new Stripe(secretKey);
  }
  if (!emulatorOrigin) {
    throw new Error('Without STRIPE_SECRET_KEY the Stripe client needs the emulator origin.');
  }
  const url = new URL(emulatorOrigin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The Stripe emulator origin must be http(s), not "${emulatorOrigin}".`);
  }
  return new Stripe(EMULATOR_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
    // One attempt: a retry against the emulator would only hide a bug in it.
    maxNetworkRetries: 0,
  });
}
