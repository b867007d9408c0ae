// The open flow and its step, read from and written to the address (config/flowAddress.ts):
// each step is a history entry, so the browser's Back and Forward move between the steps.
import { useLocation, useNavigate } from 'react-router-dom';
import {
  nextStep,
  readFlowAddress,
  withFlowAddress,
  type FlowAddress,
  type FlowStep,
} from '../config/flowAddress';
import type { FlowKind } from '../api/contract/kinds';
import { usePageHydrated } from '../loading/hydration';
import { leaveFinishedFlow } from './flowExit';

/** How many flow entries this page pushed below the current one (history state). */
interface FlowHistoryState {
  flowDepth?: number;
}

export interface FlowNavigation {
  /** The open flow, or null. Null on the server and while hydrating: the page opens on its tabs. */
  address: FlowAddress | null;
  /** Opens `kind`'s flow at its first step (a new history entry). */
  open: (kind: FlowKind) => void;
  /** Moves the open flow to `step` (a new history entry). */
  goTo: (step: FlowStep) => void;
  /** Shows `step` in place of the current entry (a step that cannot be resumed). */
  replaceStep: (step: FlowStep) => void;
  /**
   * The flow's own Back: the previous entry when this page pushed the current one, otherwise
   * the previous step (or the profile) in its place: never off the site.
   */
  back: () => void;
}

const previous = (address: FlowAddress): FlowAddress | null =>
  address.step === 'guest' ? null : { kind: address.kind, step: 'guest' };

export function useFlowAddress(): FlowNavigation {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = usePageHydrated();
  const address = hydrated ? readFlowAddress(location.search) : null;
  const depth = (location.state as FlowHistoryState | null)?.flowDepth ?? 0;

  const go = (next: FlowAddress | null, replace: boolean) =>
    navigate(
      { pathname: location.pathname, search: withFlowAddress(location.search, next) },
      {
        replace,
        state: replace ? location.state : ({ flowDepth: depth + 1 } satisfies FlowHistoryState),
        preventScrollReset: true,
      },
    );

  return {
    address,
    open: (kind) => go({ kind, step: 'guest' }, false),
    goTo: (step) => address && go({ kind: address.kind, step }, false),
    replaceStep: (step) => address && go({ kind: address.kind, step }, true),
    back: () => {
      if (!address) return;
      if (depth > 0) navigate(-1);
      else go(previous(address), true);
    },
  };
}

/**
 * Goes to `href` (the profile saying the flow went through) when the flow is done: in place, by
 * the router, with no reload (the profile asks the API again for what was sent: issue 36). From
 * an open flow, its steps are folded away first (lib/flowExit), so one Back from there leaves
 * the flow; elsewhere, `href` is a new entry (a full load).
 */
export function useFinishFlow(): (href: string) => void {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const depth = (state as FlowHistoryState | null)?.flowDepth ?? 0;
  return (href) => {
    if (!readFlowAddress(search)) window.location.assign(href);
    else leaveFinishedFlow(href, depth, (to) => void navigate(to, { replace: true }));
  };
}

export { nextStep };
export type { FlowStep };
