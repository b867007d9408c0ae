// Repro links: any page address with `?scenario=<name>` (and `delayMs=` where it applies, and
// `ttlMinutes=`) offers that scenario to the browser that opens it: the panel shows what the link
// would turn on and turns it on only when asked. Pure helpers; the panel reads and copies them.

import { SCENARIO_PARAM, scenarioNameIn } from './scenarioParam';

export { SCENARIO_PARAM };
/** The name a link (or the panel) gives for "no scenario". */
export const NO_SCENARIO = 'none';
/** The scenarios that take a delay (the intent calls', Stripe's confirmations', the webhooks'). */
export const DELAYED_SCENARIOS: readonly string[] = ['slow', 'confirm-slow', 'webhook-delayed'];
export const takesDelay = (name: string | null) =>
  name !== null && DELAYED_SCENARIOS.includes(name);
export const DELAY_PARAM = 'delayMs';
/** How long the scenario lasts, in minutes (the mock API's own default when absent). */
export const TTL_PARAM = 'ttlMinutes';

export interface ReproRequest {
  /** The scenario's name as written in the address ("none" clears). */
  name: string;
  /** The delay asked for, when the address gives a whole number of milliseconds. */
  delayMs?: number;
  /** How long it lasts, when the address gives a whole number of minutes. */
  ttlMinutes?: number;
}

/** A query parameter's value when it is a whole number (the mock API checks its range). */
function wholeNumber(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** The scenario an address asks for, or null when it asks for none. */
export function readReproLink(search: string): ReproRequest | null {
  const name = scenarioNameIn(search);
  if (!name) return null;
  const params = new URLSearchParams(search);
  const delayMs = wholeNumber(params, DELAY_PARAM);
  const ttlMinutes = wholeNumber(params, TTL_PARAM);
  return {
    name,
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(ttlMinutes === undefined ? {} : { ttlMinutes }),
  };
}

/** What POST /api/__scenarios is sent to turn a scenario on (or, with a null name, off). */
export interface ScenarioChange {
  name: string | null;
  delayMs?: number;
  ttlMinutes?: number;
}

/** The change a repro link asks for: its delay only where the scenario takes one. */
export function changeFor(link: ReproRequest): ScenarioChange {
  if (link.name === NO_SCENARIO) return { name: null };
  return {
    name: link.name,
    ...(takesDelay(link.name) && link.delayMs !== undefined ? { delayMs: link.delayMs } : {}),
    ...(link.ttlMinutes !== undefined ? { ttlMinutes: link.ttlMinutes } : {}),
  };
}

/** `href` with the scenario (and, for a delayed one, its delay) in its query, in place of any there. */
export function reproLinkFor(href: string, name: string | null, delayMs?: number): string {
  const url = new URL(href);
  url.searchParams.delete(SCENARIO_PARAM);
  url.searchParams.delete(DELAY_PARAM);
  url.searchParams.delete(TTL_PARAM);
  if (name !== null) {
    url.searchParams.set(SCENARIO_PARAM, name);
    if (takesDelay(name) && delayMs !== undefined)
      url.searchParams.set(DELAY_PARAM, String(delayMs));
  }
  return url.href;
}
