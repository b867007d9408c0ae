// Whether an address is a repro link (`?scenario=<name>`, reproLink.ts): what the demo's bar reads
// on every page, kept apart from the links' helpers, which only the panel's chunk needs.

export const SCENARIO_PARAM = 'scenario';

/** The scenario's name an address gives, trimmed, or null when it gives none. */
export function scenarioNameIn(search: string): string | null {
  return new URLSearchParams(search).get(SCENARIO_PARAM)?.trim() || null;
}
