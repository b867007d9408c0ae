// The flow's payment lifecycle across pages and tabs: before the flow offers anything, a draft
// that holds an intent (or a return from Stripe's redirect) is read back from Stripe, and the
// flow tells what happened: paid ('succeeded', then Congratulations, the draft ended), still
// processing (asked again until it settles), waiting for the bank (the check shown again), or
// failed (the spec's message above the flow, the draft kept and its intent reused). It asks again
// when the page regains focus, when another tab changes the draft, and when a confirmation this
// page started ends with nobody left to show it (browser Back folded the payment step away).
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { UserDetails } from '../../api/contract/types';
import { reviewTitle } from '../../api/contract/reviewForm';
import { SUCCESS_REDIRECT_DELAY_MS } from '../../config/delays';
import { RESULT_PARAMS, paths, redirectedPaymentSecret } from '../../config/paths';
import { type FlowDraft } from '../../lib/flowDraft';
import { ownFlowDraft } from '../../lib/flowDraftWork';
import { forgetDraftPayment, markDraftConfirming, watchFlowDraft } from '../../lib/draftOutcome';
import { forgetSentDraft } from '../../lib/flowDraftMedia';
import { inFlightOf, useInFlight, type InFlight } from '../../lib/inFlight';
import { rememberPendingReview } from '../../lib/pendingReviews';
import { markSent } from '../../lib/sentMark';
import { useFinishFlow } from '../../lib/useFlowAddress';
import { PAYMENT_MESSAGES } from './paymentMessages';
import { recoveryFor, type RecoveryPhase } from './recovery';
import { checkPayment, resumePayment } from './stripe/stripe';

/** How often a payment Stripe still processes is asked about again. */
export const PROCESSING_POLL_MS = 2000;

interface PaymentRecoveryProps {
  profile: Pick<UserDetails, '_id' | 'userName'>;
  /** The flow's steps, shown when nothing about an earlier payment needs telling. */
  children: ReactNode;
}

/** The intent to ask about: the draft's, else the one Stripe's redirect came back with. */
function intentToAsk(
  draft: FlowDraft | null,
  search: string,
): { secret: string; confirming: boolean } | null {
  if (draft?.payment) {
    return { secret: draft.payment.clientSecret, confirming: draft.confirming === true };
  }
  const redirected = redirectedPaymentSecret(search);
  return redirected ? { secret: redirected, confirming: true } : null;
}

/** Paid from a page that did not see it through: what the payment section does after success. */
function endPaidDraft(profile: PaymentRecoveryProps['profile'], draft: FlowDraft | null): void {
  if (draft?.kind !== 'gift' && draft?.review?.giftOpen) {
    rememberPendingReview({
      profileId: profile._id,
      icon: draft.review.icon,
      title: reviewTitle(draft.guest.fullName, draft.review.icon, profile.userName),
      sayThanks: draft.review.sayThanks.trim(),
      guestName: draft.guest.fullName,
      paidAt: Date.now(),
    });
  }
  forgetSentDraft(profile._id);
  markSent(profile._id);
}

export function PaymentRecovery({ profile, children }: PaymentRecoveryProps) {
  const profileId = profile._id;
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const finishFlow = useFinishFlow();
  const { inFlight, attended, ended } = useInFlight(profileId);
  const [phase, setPhase] = useState<RecoveryPhase>(() =>
    intentToAsk(ownFlowDraft(profileId), search)?.confirming ? 'checking' : 'idle',
  );
  // Each check's number: an answer to an earlier one that lands late is dropped.
  const round = useRef(0);

  /** The redirect's parameters have been read: the address is the flow's own again. */
  const forgetRedirect = useEffectEvent(() => {
    const params = new URLSearchParams(search);
    if (!RESULT_PARAMS.some((name) => params.has(name))) return;
    for (const name of RESULT_PARAMS) params.delete(name);
    const query = params.toString();
    void navigate({ pathname, search: query ? `?${query}` : '' }, { replace: true });
  });

  const check = useEffectEvent(async (shown: boolean) => {
    // This page's own confirmation or send is on its way: its answer tells, not a check now.
    if (inFlightOf(profileId)) return;
    const draft = ownFlowDraft(profileId);
    const target = intentToAsk(draft, search);
    const mine = ++round.current;
    if (!target) {
      setPhase((current) => (current === 'succeeded' ? current : 'idle'));
      return;
    }
    // A confirmation whose end is unknown hides the flow while Stripe is asked: nothing is
    // offered that could pay twice. An intent never confirmed is asked about in the background.
    if (shown && target.confirming) setPhase('checking');
    let decision;
    try {
      decision = recoveryFor(await checkPayment(target.secret), target.confirming);
    } catch (error) {
      if (mine !== round.current) return;
      console.error('Could not check the payment', error);
      setPhase(target.confirming ? 'uncheckable' : 'idle');
      return;
    }
    if (mine !== round.current) return;
    if (decision.forgetIntent) forgetDraftPayment(profileId);
    else if (decision.settled && draft?.confirming) markDraftConfirming(profileId, false);
    if (decision.phase === 'succeeded') endPaidDraft(profile, draft);
    else forgetRedirect();
    setPhase(decision.phase);
  });

  // Asked when the flow mounts (a reload, a return from the bank, Back to the flow), when the
  // page regains focus, and when another tab changes the draft.
  useEffect(() => {
    // A request to Stripe starts here (an effect's job); its pending state comes with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void check(true);
    const again = () => {
      if (document.visibilityState === 'visible') void check(false);
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const unwatch = watchFlowDraft(profileId, () => void check(false));
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      unwatch();
      // A check still on its way is for a flow that has gone: its answer ends nothing here.
      round.current += 1;
    };
  }, [profileId]);

  // A new attempt: an earlier one's failure is old news.
  const [seenInFlight, setSeenInFlight] = useState(inFlight);
  if (inFlight !== seenInFlight) {
    setSeenInFlight(inFlight);
    if (inFlight === 'confirming' && phase === 'failed') setPhase('idle');
  }

  // A confirmation or a send of this page's ended while no form showed it (Browser Back folded
  // its step away): a recognition accepted is told from here, a confirmation is asked about.
  const away = useRef<InFlight | null>(null);
  const sentAway = useEffectEvent(() =>
    finishFlow(paths.profile.href(profileId, { sent: 'recognition' })),
  );
  useEffect(() => {
    if (inFlight && !attended) away.current = inFlight;
    if (inFlight !== null || away.current === null) return;
    const was = away.current;
    away.current = null;
    if (was === 'sending' && ended === 'sent') sentAway();
    else void check(true);
  }, [inFlight, attended, ended]);

  // The guest asks again after Stripe could not be reached.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // As on mount: a request, with its pending state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (attempt > 0) void check(true);
  }, [attempt]);

  // Stripe still processes it: asked again until it settles.
  useEffect(() => {
    if (phase !== 'processing') return;
    const timer = setTimeout(() => void check(true), PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // The bank's check left open (a page that went during it): Stripe shows it again.
  useEffect(() => {
    if (phase !== 'authenticating') return;
    const target = intentToAsk(ownFlowDraft(profileId), search);
    if (!target) return;
    let live = true;
    void resumePayment(target.secret)
      .catch((error: unknown) => console.error('Could not resume the payment', error))
      .then(() => live && void check(true));
    return () => {
      live = false;
    };
  }, [phase, profileId, search]);

  // Paid: 'succeeded' for a moment, then the profile with its Congratulations, as after Pay Now.
  const leave = useEffectEvent(() =>
    finishFlow(paths.profile.href(profileId, { sent: 'payment' })),
  );
  useEffect(() => {
    if (phase !== 'succeeded') return;
    const timer = setTimeout(leave, SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (inFlight && !attended) {
    return (
      <Progress>
        {inFlight === 'confirming' ? PAYMENT_MESSAGES.confirming : PAYMENT_MESSAGES.sending}
      </Progress>
    );
  }
  switch (phase) {
    case 'checking':
      return <Progress>{PAYMENT_MESSAGES.checking}</Progress>;
    case 'processing':
      return <Progress>{PAYMENT_MESSAGES.processing}</Progress>;
    case 'authenticating':
      return <Progress>{PAYMENT_MESSAGES.authenticating}</Progress>;
    case 'succeeded':
      return (
        <div className="payment-recovery">
          <p role="status" className="gift-form__success">
            {PAYMENT_MESSAGES.succeeded}
          </p>
        </div>
      );
    case 'uncheckable':
      return (
        <div className="payment-recovery">
          <p role="alert" className="payment-recovery__failed">
            {PAYMENT_MESSAGES.uncheckable}
          </p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            Check the payment again
          </button>
        </div>
      );
    default:
      // One shape with or without the failure above it: the steps are not remounted when it
      // goes (the payment section's own state, a confirmation on its way, stays theirs).
      return (
        <>
          {phase === 'failed' && (
            <p role="alert" className="payment-recovery__failed">
              {PAYMENT_MESSAGES.incomplete}
            </p>
          )}
          {children}
        </>
      );
  }
}

function Progress({ children }: { children: ReactNode }) {
  return (
    <div className="payment-recovery">
      <p role="status" aria-live="polite">
        {children}
      </p>
    </div>
  );
}
