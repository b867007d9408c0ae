// The one place the mock API builds its `stripe` SDK client (the only importer of `stripe`).
//
// With STRIPE_SECRET_KEY (a test-mode key, sk_test_... or rk_test_...) it talks to the real
// Stripe API. Otherwise it talks to the Stripe emulator the mock API itself serves under /v1,
// with that emulator's secret key (made per data folder: sharedDemo/keyFiles.ts), so the
// caller passes the server's own origin and the key. The port is only known after listen(), so
// the payment routes create the client lazily on their first request, from the socket that
// request arrived on (not from the Host header, which a dev proxy may rewrite):
//
//   let stripe: Stripe | undefined;
//   const stripeFor = (req: Request) =>
//     (stripe ??= createStripeClient(process.env, {
//       origin: `http://127.0.0.1:${req.socket.localPort}`,
//       secretKey,
//     }));
import Stripe from 'stripe';

export interface StripeClientEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}

export type StripeClient = Stripe;

/** The mock API's own Stripe emulator: where it listens and its secret key. */
export interface EmulatorAccess {
  origin: string;
  secretKey: string;
}

/**
 * Refuses, at start, a Stripe setting that cannot work safely: a live key (demos and tests would
 * charge real cards), or a real key without STRIPE_WEBHOOK_SECRET (the webhook endpoint would
 * then accept events signed with the emulator's published secret, and real Stripe's would all
 * fail to verify).
 */
export function checkStripeEnv(env: StripeClientEnv): void {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return;
  if (!/^(sk|rk)_test_/.test(secretKey)) {
    throw new Error('STRIPE_SECRET_KEY must be a test-mode key (sk_test_... or rk_test_...).');
  }
  if (!env.STRIPE_WEBHOOK_SECRET?.trim()) {
    throw new Error(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: set it to the whsec_... signing secret of your webhook endpoint (`stripe listen --forward-to <origin>/api/webhooks/stripe` prints one).',
    );
  }
}

export function createStripeClient(env: StripeClientEnv, emulator?: EmulatorAccess): Stripe {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (secretKey) {
    checkStripeEnv(env);
    return new Stripe(secretKey);
  }
  if (!emulator) {
    throw new Error('Without STRIPE_SECRET_KEY the Stripe client needs the emulator and its key.');
  }
  const url = new URL(emulator.origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`The Stripe emulator origin must be http(s), not "${emulator.origin}".`);
  }
  return new Stripe(emulator.secretKey, {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
    // One attempt: a retry against the emulator would only hide a bug in it.
    maxNetworkRetries: 0,
  });
}
