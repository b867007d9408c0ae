// Repro links: any page address with `?scenario=<name>` (and `delayMs=` where it applies) turns that
// scenario on for the browser that opens it. Pure helpers; the panel applies and copies them.

export const SCENARIO_PARAM = 'scenario';
/** The scenarios that take a delay (the intent calls', and the webhooks'). */
export const DELAYED_SCENARIOS: readonly string[] = ['slow', 'webhook-delayed'];
export const takesDelay = (name: string | null) =>
  name !== null && DELAYED_SCENARIOS.includes(name);
export const DELAY_PARAM = 'delayMs';

export interface ReproRequest {
  /** The scenario's name as written in the address ("none" clears). */
  name: string;
  /** The delay asked for, when the address gives a whole number of milliseconds. */
  delayMs?: number;
}

/** The scenario an address asks for, or null when it asks for none. */
export function readReproLink(search: string): ReproRequest | null {
  const params = new URLSearchParams(search);
  const name = params.get(SCENARIO_PARAM)?.trim();
  if (!name) return null;
  const rawDelay = params.get(DELAY_PARAM);
  const delayMs = rawDelay !== null && /^\d{1,9}$/.test(rawDelay) ? Number(rawDelay) : undefined;
  return delayMs === undefined ? { name } : { name, delayMs };
}

/** `href` with the scenario (and, for slow, its delay) in its query, in place of any there. */
export function reproLinkFor(href: string, name: string | null, delayMs?: number): string {
  const url = new URL(href);
  url.searchParams.delete(SCENARIO_PARAM);
  url.searchParams.delete(DELAY_PARAM);
  if (name !== null) {
    url.searchParams.set(SCENARIO_PARAM, name);
    if (takesDelay(name) && delayMs !== undefined)
      url.searchParams.set(DELAY_PARAM, String(delayMs));
  }
  return url.href;
}
