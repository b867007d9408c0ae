// The shared demo: what lets several people use one mock API at once, and its operator see over
// all of them. Opened before anything is mounted (the payment routes, the webhooks and the
// Stripe.js emulator ask its scenarios and tester scopes), mounted under /api as one step:
// - keyFiles.ts: the secrets at rest in the data folder (the operator secret, made at each start;
//   the Stripe emulator's secret key, one per folder), never in the data file;
// - operator.ts: `X-Grati-Operator`, which shows everyone's rows in the testers' lists;
// - testers.ts: tester scopes (the `X-Grati-Tester` header, the `grati_tester` cookie);
// - scenarios.ts: each tester's fault scenarios (GET/POST /api/__scenarios);
// - demoRoutes.ts: the home page's demo profiles and the read-only data view (/api/__db).
import type { Router } from 'express';
import type { Store } from '../db/store';
import { demoRoutes } from './demoRoutes';
import { emulatorSecretKeyOf, newOperatorSecret, saveOperatorSecret } from './keyFiles';
import { type Scenarios, createScenarios } from './scenarios';
import { TESTER_HEADER } from './testers';

/** The request headers of the shared demo that a page may send (CORS). */
export const SHARED_DEMO_REQUEST_HEADERS = [TESTER_HEADER];

export interface SharedDemo {
  /** This start's operator secret: for the server's own console, never for a browser. */
  operatorSecret: string;
  /** The Stripe emulator's secret key, this data folder's. */
  emulatorSecretKey: string;
  /** The testers' scenarios and scopes, and who is the operator. */
  scenarios: Scenarios;
}

/**
 * Makes this start's operator secret and reads (or makes) the folder's emulator key, both kept
 * in the data folder; neither is the public guest token, nor ever sent to a page.
 */
export async function openSharedDemo(dataDir: string): Promise<SharedDemo> {
  const operatorSecret = newOperatorSecret();
  await saveOperatorSecret(dataDir, operatorSecret);
  const emulatorSecretKey = await emulatorSecretKeyOf(dataDir);
  return { operatorSecret, emulatorSecretKey, scenarios: createScenarios({ operatorSecret }) };
}

/**
 * The testers' harness under /api (mock only), in this order: the scenarios, the lists of the
 * testers' own rows that other areas keep (payments, webhooks: `testerViews`, each asking the
 * scenarios for the tester scope and the operator), the demo profiles and the data view.
 */
export function mountSharedDemo(
  api: Router,
  { scenarios }: SharedDemo,
  { store, testerViews }: { store: Store; testerViews: Router[] },
): void {
  api.use(scenarios.router);
  for (const view of testerViews) api.use(view);
  api.use(demoRoutes(store));
}
