// The flow a chosen action opens: guest details, then the review form (or, for a gift, the gift step).
import { useRef, useState, type ReactNode } from 'react';
import type { UserDetails } from '../../api/contract/types';
import { FlowPanel } from '../../components/FlowPanel';
import { titleCase } from '../../lib/titleCase';
import { GuestDetailsForm, serverErrorMessage, useGuestLookup } from './GuestDetailsForm';
import { ReviewForm, type ReviewDraft, type ReviewGiftSlot } from './ReviewForm';
import type { GuestDetailsValues } from './schemas';
import { type Guest } from '../../api/contract/guest';
import { flowLabel, type FlowKind } from '../../api/contract/kinds';
import './GratitudeForms.css';

type Step = 'details' | 'review' | 'gift';
type GuestLookupState =
  { status: 'pending' } | { status: 'found'; guest: Guest } | { status: 'failed'; message: string };

interface GratitudeFlowProps {
  kind: FlowKind;
  profile: UserDetails;
  /** Leaves the flow (the Back arrow on the first step). */
  onExit: () => void;
  /** The gift step, for a gift alone (the payment, composed in by the route). */
  renderGift: (guest: Guest) => ReactNode;
  /** The gift part of the review form. */
  renderReviewGift: (slot: ReviewGiftSlot) => ReactNode;
}

export function GratitudeFlow({
  kind,
  profile,
  onExit,
  renderGift,
  renderReviewGift,
}: GratitudeFlowProps) {
  const [step, setStep] = useState<Step>('details');
  // Everything entered so far lives here, so going back and forth between the steps keeps it.
  const [guestValues, setGuestValues] = useState<GuestDetailsValues>({ fullName: '', email: '' });
  // The guest's lookup runs while they already see the next step; its outcome lands here.
  const [lookup, setLookup] = useState<GuestLookupState | null>(null);
  const latest = useRef<Promise<Guest> | null>(null);
  const lookUp = useGuestLookup(profile);
  const follow = (pending: Promise<Guest>) => {
    latest.current = pending;
    setLookup({ status: 'pending' });
    pending.then(
      (found) => latest.current === pending && setLookup({ status: 'found', guest: found }),
      (error: unknown) =>
        latest.current === pending &&
        setLookup({ status: 'failed', message: serverErrorMessage(error) }),
    );
  };
  const [draft, setDraft] = useState<ReviewDraft>({
    icon: kind === 'gift' ? 'RECOGNITION' : kind,
    sayThanks: '',
    media: [],
  });

  const back = () => (step === 'details' ? onExit() : setStep('details'));
  // Until the lookup answers, the guest is who they said, without an id: the forms can be filled
  // in, but send nothing until the id is there.
  const guest: Guest = lookup?.status === 'found' ? lookup.guest : { userId: '', ...guestValues };

  return (
    <FlowPanel
      stepKey={step}
      onBack={back}
      title={
        <>
          {flowLabel(kind, profile)}
          <span className="flow-panel__to"> {titleCase(profile.fullName)}</span>
        </>
      }
    >
      {step === 'details' && (
        <GuestDetailsForm
          profile={profile}
          initialValues={guestValues}
          onDone={(values, pending) => {
            setGuestValues(values);
            follow(pending);
            setStep(kind === 'gift' ? 'gift' : 'review');
          }}
        />
      )}
      {step !== 'details' && lookup?.status === 'failed' && (
        <div role="alert" className="gratitude-form__server-error gratitude-flow__lookup">
          {lookup.message}{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => follow(lookUp(guestValues))}
          >
            Try again
          </button>
        </div>
      )}
      {step === 'review' && (
        <ReviewForm
          profile={profile}
          guest={guest}
          draft={draft}
          onDraftChange={setDraft}
          renderGift={renderReviewGift}
        />
      )}
      {step === 'gift' && renderGift(guest)}
    </FlowPanel>
  );
}
