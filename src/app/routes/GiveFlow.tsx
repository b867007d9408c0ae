// The flow a chosen action opens, composed: the gratitude feature's steps with the payment
// feature's gift form and the review's gift part. A lazy chunk: it loads when a guest gives.
import { useEffect } from 'react';
import type { GiftProfile } from '../../api/contract/intentBody';
import type { FlowKind } from '../../api/contract/kinds';
import type { UserDetails } from '../../api/contract/types';
import { GratitudeFlow } from '../../features/gratitude/GratitudeFlow';
import type { ReviewGiftSlot } from '../../features/gratitude/ReviewForm';
import { GiftForm } from '../../features/payments/GiftForm';
import { PaymentRecovery } from '../../features/payments/PaymentRecovery';
import { preparePayment } from '../../features/payments/preparePayment';
import { ReviewGift } from '../../features/payments/ReviewGift';

interface GiveFlowProps {
  kind: FlowKind;
  profile: UserDetails;
}

/** The review form's gift part for `profile`: a tip or donation that carries the review. */
export const reviewGiftFor = (profile: GiftProfile) =>
  function renderReviewGift(slot: ReviewGiftSlot) {
    return <ReviewGift profile={profile} {...slot} />;
  };

export default function GiveFlow({ kind, profile }: GiveFlowProps) {
  // A gift alone: its payment follows the guest's details, whose typing its scripts come behind.
  useEffect(() => {
    if (kind === 'gift') preparePayment();
  }, [kind]);
  return (
    <GratitudeFlow
      kind={kind}
      profile={profile}
      renderGift={(guest) => <GiftForm profile={profile} guest={guest} />}
      renderReviewGift={reviewGiftFor(profile)}
      gate={(steps) => <PaymentRecovery profile={profile}>{steps}</PaymentRecovery>}
    />
  );
}
