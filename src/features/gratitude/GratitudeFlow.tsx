// The flow a chosen action opens: guest details, then the review form (or, for a gift, the gift
// step). Its step is in the address (lib/useFlowAddress) and what the guest enters is kept as a
// draft (lib/flowDraft), so Back, Forward, a reload or a closed tab lose nothing.
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { UserDetails } from '../../api/contract/types';
import { FlowPanel } from '../../components/FlowPanel';
import { Spinner } from '../../components/Spinner';
import { titleCase } from '../../lib/titleCase';
import { nextStep, useFlowAddress } from '../../lib/useFlowAddress';
import { GuestDetailsForm, serverErrorMessage, useGuestLookup } from './GuestDetailsForm';
import {
  ReviewForm,
  SENT_ELSEWHERE_MESSAGE,
  type ReviewDraft,
  type ReviewGiftSlot,
} from './ReviewForm';
import { guestDetailsSchema, type GuestDetailsValues } from './schemas';
import { type Guest } from '../../api/contract/guest';
import { flowLabel, type FlowKind } from '../../api/contract/kinds';
import { discardDraft, forgetSentDraft } from '../../lib/flowDraftMedia';
import { startFreshDraft } from '../../lib/flowDraftWork';
import { sentElsewhere, watchFlowDraft } from '../../lib/draftOutcome';
import { useInFlight } from '../../lib/inFlight';
import { useFlowDraft } from './useFlowDraft';
import './GratitudeForms.css';

type GuestLookupState =
  | { status: 'pending'; values: GuestDetailsValues }
  | { status: 'found'; values: GuestDetailsValues; guest: Guest }
  | { status: 'failed'; values: GuestDetailsValues; message: string };

interface GratitudeFlowProps {
  kind: FlowKind;
  profile: UserDetails;
  /** The gift step, for a gift alone (the payment, composed in by the route). */
  renderGift: (guest: Guest) => ReactNode;
  /** The gift part of the review form. */
  renderReviewGift: (slot: ReviewGiftSlot) => ReactNode;
  /**
   * What stands before the steps (the payment's lifecycle, composed in by the route): it shows
   * them, or what happened to a payment the draft started instead.
   */
  gate?: (steps: ReactNode) => ReactNode;
}

export function GratitudeFlow(props: GratitudeFlowProps) {
  // Discarding the draft starts the flow again from empty fields.
  const [generation, setGeneration] = useState(0);
  const { replaceStep } = useFlowAddress();
  const profileId = props.profile._id;
  const discard = () => {
    discardDraft(profileId);
    setGeneration((value) => value + 1);
    replaceStep('guest');
  };
  const startAgain = () => {
    startFreshDraft(profileId);
    setGeneration((value) => value + 1);
    replaceStep('guest');
  };
  return <FlowSteps key={generation} {...props} onDiscard={discard} onStartAgain={startAgain} />;
}

/** Whether the draft this flow works on was sent from another tab (told by its storage event). */
function useSentElsewhere(profileId: string): boolean {
  return useSyncExternalStore(
    (changed) => watchFlowDraft(profileId, changed),
    () => sentElsewhere(profileId),
    () => false,
  );
}

const sameGuest = (a: GuestDetailsValues, b: GuestDetailsValues) =>
  a.fullName === b.fullName && a.email === b.email;

function FlowSteps({
  kind,
  profile,
  renderGift,
  renderReviewGift,
  gate = (steps) => steps,
  onDiscard,
  onStartAgain,
}: GratitudeFlowProps & { onDiscard: () => void; onStartAgain: () => void }) {
  const { address, goTo, back, replaceStep } = useFlowAddress();
  const kept = useFlowDraft(profile._id, kind);
  const sentFromElsewhere = useSentElsewhere(profile._id);
  // A payment being confirmed or thanks being sent: the arrow can't fold the flow away from it.
  const { inFlight } = useInFlight(profile._id);
  const { guestValues, draft, giftOpen } = kept;

  // The guest's lookup runs while they already see the next step; its outcome lands here.
  const [lookup, setLookup] = useState<GuestLookupState | null>(null);
  const latest = useRef<Promise<Guest> | null>(null);
  const lookUp = useGuestLookup(profile);
  const follow = useCallback((pending: Promise<Guest>, values: GuestDetailsValues) => {
    latest.current = pending;
    setLookup({ status: 'pending', values });
    pending.then(
      (found) => latest.current === pending && setLookup({ status: 'found', values, guest: found }),
      (error: unknown) =>
        latest.current === pending &&
        setLookup({ status: 'failed', values, message: serverErrorMessage(error) }),
    );
  }, []);

  // A later step opens only for a guest whose details are complete (a step's address opened
  // fresh, or Forward after the details were emptied): otherwise the guest step shows instead.
  const wanted = address?.step ?? 'guest';
  // Checked once per change of the details, not on every render of the flow.
  const guestValuesCast = useMemo(
    () =>
      guestDetailsSchema.isValidSync(guestValues) ? guestDetailsSchema.cast(guestValues) : null,
    [guestValues],
  );
  const guestComplete = guestValuesCast !== null;
  const step = wanted !== 'guest' && guestComplete ? wanted : 'guest';
  useEffect(() => {
    if (step !== wanted) replaceStep('guest');
  }, [step, wanted, replaceStep]);
  // On a later step the guest is looked up for the details they gave (again, if they changed).
  useEffect(() => {
    if (step === 'guest' || !guestValuesCast) return;
    if (lookup && sameGuest(lookup.values, guestValuesCast)) return;
    // A request to the API starts here (an effect's job); its pending state comes with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    follow(lookUp(guestValuesCast), guestValuesCast);
  });

  if (kept.loading) return <Spinner label="Restoring your draft" />;

  // Until the lookup answers, the guest is who they said, without an id: the forms can be filled
  // in, but send nothing until the id is there.
  const guest: Guest =
    lookup?.status === 'found' ? lookup.guest : { userId: '', ...(guestValuesCast ?? guestValues) };

  return (
    <FlowPanel
      stepKey={step}
      onBack={back}
      backDisabled={inFlight !== null}
      title={
        <>
          {flowLabel(kind, profile)}
          <span className="flow-panel__to"> {titleCase(profile.fullName)}</span>
        </>
      }
    >
      {kept.restored && !sentFromElsewhere && (
        <p className="flow-draft" role="status">
          Draft restored{' '}
          <button type="button" className="button-link" onClick={onDiscard}>
            Discard draft
          </button>
        </p>
      )}
      {sentFromElsewhere ? (
        <div className="flow-draft__sent">
          <p role="alert">{SENT_ELSEWHERE_MESSAGE}</p>
          <button type="button" className="button" onClick={onStartAgain}>
            Start a new one
          </button>
        </div>
      ) : (
        gate(
          <>
            {step === 'guest' && (
              <GuestDetailsForm
                profile={profile}
                initialValues={guestValues}
                onValuesChange={kept.setGuestValues}
                onDone={(values, pending) => {
                  kept.setGuestValues(values);
                  follow(pending, values);
                  goTo(nextStep(kind));
                }}
              />
            )}
            {step !== 'guest' && lookup?.status === 'failed' && (
              <div role="alert" className="gratitude-form__server-error gratitude-flow__lookup">
                {lookup.message}{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label="Try again to look up your details"
                  onClick={() => follow(lookUp(lookup.values), lookup.values)}
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
                onDraftChange={kept.setDraft}
                renderGift={renderReviewGift}
                initialGiftOpen={giftOpen}
                onGiftOpen={kept.openGift}
                onSent={() => forgetSentDraft(profile._id)}
              />
            )}
            {step === 'gift' && renderGift(guest)}
          </>,
        )
      )}
      {/* A draft sent from another tab is kept nowhere any more. */}
      <p className="flow-draft__state">
        {sentFromElsewhere ? '' : kept.savingMedia ? 'Saving your draft…' : kept.note}
      </p>
    </FlowPanel>
  );
}

export type { ReviewDraft };
