// The address of an open flow: `?flow=recognize&step=review` on a profile. Opening a flow and
// moving between its steps are history entries, so Back and Forward move between the steps and
// the profile, and a step's address opened fresh resumes there (from the guest's draft).
import { GRATITUDE_ICONS, type GratitudeIcon } from '../api/contract/types';
import { GRATITUDE_KINDS, type FlowKind } from '../api/contract/kinds';

/** The flow's steps: who the guest is, then the review (a kind) or the gift (a gift alone). */
export type FlowStep = 'guest' | 'review' | 'gift';

export interface FlowAddress {
  kind: FlowKind;
  step: FlowStep;
}

export const FLOW_PARAM = 'flow';
export const STEP_PARAM = 'step';

/** The flow's name in the address: the action's own word (recognize, appreciate, ..., gift). */
export const flowName = (kind: FlowKind): string =>
  kind === 'gift' ? 'gift' : GRATITUDE_KINDS[kind].action.toLowerCase();

const KIND_BY_NAME: ReadonlyMap<string, FlowKind> = new Map<string, FlowKind>([
  ...GRATITUDE_ICONS.map((icon): [string, GratitudeIcon] => [flowName(icon), icon]),
  ['gift', 'gift'],
]);

/** The step after the guest's details: the review for a kind, the gift for a gift alone. */
export const nextStep = (kind: FlowKind): FlowStep => (kind === 'gift' ? 'gift' : 'review');

/** The flow an address opens, or null. An unknown or mismatched step reads as the first one. */
export function readFlowAddress(search: string | URLSearchParams): FlowAddress | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kind = KIND_BY_NAME.get(params.get(FLOW_PARAM) ?? '');
  if (!kind) return null;
  const step = params.get(STEP_PARAM);
  return { kind, step: step === nextStep(kind) ? step : 'guest' };
}

/**
 * `search` with the flow set to `address` (or removed, for null); other parameters are kept.
 * Returned with its leading `?`, or '' when nothing is left.
 */
export function withFlowAddress(search: string, address: FlowAddress | null): string {
  const params = new URLSearchParams(search);
  params.delete(FLOW_PARAM);
  params.delete(STEP_PARAM);
  if (address) {
    params.set(FLOW_PARAM, flowName(address.kind));
    params.set(STEP_PARAM, address.step);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
