// The Congratulations modal of a profile address that says something was just sent.
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import { markSent } from '../../lib/sentMark';
import { clearSentDraft } from '../../lib/draftOutcome';
import { isSentQuery, redirectedPaymentSecret, withoutResultParams } from '../../config/paths';

export const CONGRATULATIONS_MESSAGE = 'Congratulations! Your recognition has been sent.';

/**
 * Asks the payment provider about the intent a redirect came back with: null when it succeeded,
 * otherwise what the guest is told. The address's own `redirect_status` is not proof.
 */
export type VerifyPayment = (clientSecret: string) => Promise<string | null>;

type Check = { secret: string; outcome: 'checking' | 'succeeded' | string };

/**
 * Opens when the address says a recognition or payment just went through; OK cleans up and
 * reloads. A payment that came back from a redirect (its client secret in the address) is first
 * read back from Stripe, and the modal opens only if Stripe says it succeeded.
 */
export function CongratulationsModal({ verifyPayment }: { verifyPayment: VerifyPayment }) {
  const { search } = useLocation();
  const { id } = useParams<{ id: string }>();
  const secret = redirectedPaymentSecret(search);
  const [check, setCheck] = useState<Check | null>(null);

  useEffect(() => {
    if (!secret) return;
    let active = true;
    verifyPayment(secret).then(
      (failure) => active && setCheck({ secret, outcome: failure ?? 'succeeded' }),
      () => active && setCheck({ secret, outcome: 'Payment failed or incomplete.' }),
    );
    return () => {
      active = false;
    };
  }, [secret, verifyPayment]);

  // What the guest sent went through (also after a redirect): their draft of it is done with,
  // and the profile's pages show it to them from now on (a payment that came back from a
  // redirect was not marked before it left).
  const sent = isSentQuery(search) && (!secret || check?.outcome === 'succeeded');
  useEffect(() => {
    if (!sent || !id) return;
    clearSentDraft(id);
    markSent(id);
  }, [sent, id]);

  if (!isSentQuery(search)) return null;
  if (secret) {
    if (check?.secret !== secret) return null;
    if (check.outcome !== 'succeeded') {
      return (
        <p role="alert" className="profile-page__payment-failed">
          {check.outcome}
        </p>
      );
    }
  }
  const dismiss = () => {
    // The two minutes start again from here: the guest looks at the profile from now on.
    if (id) markSent(id);
    window.location.replace(withoutResultParams(window.location.href));
  };
  return (
    <Modal
      title={CONGRATULATIONS_MESSAGE}
      onClose={dismiss}
      actions={
        <button type="button" className="button" onClick={dismiss}>
          OK
        </button>
      }
    />
  );
}
