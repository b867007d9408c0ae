// What the payment section does around the payment: focus when revealed, the lock told to the
// page, the choice reset when what the intent carries changes, success told once, then the
// profile opened.
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { SUCCESS_REDIRECT_DELAY_MS } from '../../config/delays';
import { useFinishFlow } from '../../lib/useFlowAddress';

export interface PaymentLifecycle {
  heading: RefObject<HTMLHeadingElement | null>;
  focusOnMount: boolean;
  locked: boolean;
  onLockChange?: (locked: boolean) => void;
  scope: string;
  /** What the intent carries changed: the chosen option no longer applies. */
  onScopeChange: () => void;
  succeeded: boolean;
  onPaid?: () => void;
  successHref: string | null;
}

export function usePaymentLifecycle(options: PaymentLifecycle): void {
  const { heading, focusOnMount, locked, onLockChange, scope, onScopeChange } = options;
  const { succeeded, onPaid, successHref } = options;

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount, heading]);

  useEffect(() => {
    onLockChange?.(locked);
  }, [locked, onLockChange]);

  // What the intent carries changed (the review): the chosen option no longer applies.
  // The latest callback, so the effect runs for a new scope only.
  const scopeChanged = useRef(onScopeChange);
  useEffect(() => {
    scopeChanged.current = onScopeChange;
  });
  const firstScope = useRef(scope);
  useEffect(() => {
    if (scope === firstScope.current) return;
    firstScope.current = scope;
    scopeChanged.current();
  }, [scope]);

  const paidTold = useRef(false);
  useEffect(() => {
    if (!succeeded || paidTold.current) return;
    paidTold.current = true;
    onPaid?.();
  }, [succeeded, onPaid]);

  // The profile, in place (no reload): it asks the API again and congratulates; the flow's steps
  // are folded away behind it (one Back after OK leaves the flow).
  const finishFlow = useFinishFlow();
  const leave = useEffectEvent((href: string) => finishFlow(href));
  useEffect(() => {
    if (!succeeded || successHref === null) return;
    const timer = setTimeout(() => leave(successHref), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, successHref]);
}
