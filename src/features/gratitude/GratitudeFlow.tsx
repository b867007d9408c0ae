// The flow a chosen action opens: guest details, then the review form (or, for a gift, the gift step).
import { useState, type ReactNode } from 'react';
import type { UserDetails } from '../../api/contract/types';
import { FlowPanel } from '../../components/FlowPanel';
import { titleCase } from '../../lib/titleCase';
import { GuestDetailsForm } from './GuestDetailsForm';
import { ReviewForm, type ReviewDraft, type ReviewGiftSlot } from './ReviewForm';
import type { GuestDetailsValues } from './schemas';
import { type Guest } from '../../api/contract/guest';
import { flowLabel, type FlowKind } from '../../api/contract/kinds';
import './GratitudeForms.css';

type Step = 'details' | 'review' | 'gift';

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
  const [guest, setGuest] = useState<Guest | null>(null);
  const [draft, setDraft] = useState<ReviewDraft>({
    icon: kind === 'gift' ? 'RECOGNITION' : kind,
    sayThanks: '',
    media: [],
  });

  const back = () => (step === 'details' ? onExit() : setStep('details'));

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
          onDone={(found, values) => {
            setGuest(found);
            setGuestValues(values);
            setStep(kind === 'gift' ? 'gift' : 'review');
          }}
        />
      )}
      {step === 'review' && guest && (
        <ReviewForm
          profile={profile}
          guest={guest}
          draft={draft}
          onDraftChange={setDraft}
          renderGift={renderReviewGift}
        />
      )}
      {step === 'gift' && guest && renderGift(guest)}
    </FlowPanel>
  );
}
