// How the panel and the banner word a scenario: pure, so both say the same thing.
import { takesDelay } from './reproLink';
import type { ScenarioState } from './scenariosApi';

/** ", until 14:05" for a scenario that ends by itself, in the reader's clock. */
export function untilText(expiresAt: string | null): string {
  if (!expiresAt) return '';
  const time = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `, until ${time}`;
}

/** " (5000 ms)" for a scenario that takes a delay, else nothing. */
export function delayText(name: string | null, delayMs: number | undefined): string {
  return takesDelay(name) && delayMs !== undefined ? ` (${delayMs} ms)` : '';
}

/** What a scenario does, as the mock API describes it ('' for a name it does not know). */
export function descriptionOf(state: Pick<ScenarioState, 'scenarios'>, name: string): string {
  return state.scenarios.find((scenario) => scenario.name === name)?.description ?? '';
}
