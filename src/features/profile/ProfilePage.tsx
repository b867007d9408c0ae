// The profile page: the card, the actions, the team and, in the panel, the tabs or the chosen
// flow. What fills the tabs and the flow is given by the route that composes the page.
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { lazyPart } from '../../loading/lazyPart';
import type { FindUserResult, UserDetails } from '../../api/contract/types';
import { useGetProfileQuery } from './profileApi';
import { rememberCurrentUserId } from '../../lib/currentUser';
import { forgetPublishedReviews, pendingReviewsFor } from '../../lib/pendingReviews';
import { usePageHydrated } from '../../loading/hydration';
import { useFlowAddress } from '../../lib/useFlowAddress';
import { askFreshDraft, askToContinueDraft, readFlowDraft } from '../../lib/flowDraft';
import { ActionButtons } from './ActionButtons';
import { appDownloadLinks, prefetchStaticParts, profileCard } from './staticParts';
import { TeamStrip, hasTeam } from './TeamStrip';
import { ProfileTabs, type TabDefinition } from './ProfileTabs';
import type { VerifyPayment } from './CongratulationsModal';
import { isSentQuery } from '../../config/paths';
import { hasSentMark } from '../../lib/sentMark';
import { titleCase } from '../../lib/titleCase';
import { isPlausibleProfileId } from '../../api/contract/profileId';
import { flowLabel, type FlowKind } from '../../api/contract/kinds';
import './ProfilePage.css';
// The styles of the static parts below, for the first paint (their code comes later).
import './ProfileCard.css';
import '../../components/AppDownloadLinks.css';

// The Congratulations modal is shown only on an address that says something was just sent: its
// code comes then (fetched ahead once a guest reaches for an action), never with the first load.
const congratulations = lazyPart(
  'congratulations',
  () =>
    import(/* webpackChunkName: "congratulations" */ './CongratulationsModal').then(
      (module) => module.CongratulationsModal,
    ),
  { label: 'The confirmation' },
);
const CongratulationsModal = congratulations.Part;

const ProfileCard = profileCard.Part;
const AppDownloadLinks = appDownloadLinks.Part;

interface ProfilePageProps {
  /** The tabs under the profile, from its lookup (Feed first). */
  tabs: (profile: FindUserResult) => TabDefinition[];
  /** The flow a chosen action opens in place of the tabs (its address: lib/useFlowAddress). */
  Flow: ComponentType<{ kind: FlowKind; profile: UserDetails }>;
  /** Fetches the flow's code ahead (a guest about to choose an action). */
  prefetchFlow?: () => void;
  /** Reads back a payment that returned from a redirect before congratulating. */
  verifyPayment: VerifyPayment;
}

/** How often a profile with a review waiting for confirmation asks the API again. */
const PENDING_POLL_MS = 3000;
/** ... for at most this long: the reconciliation publishes a lost event's review within a minute. */
const PENDING_POLL_FOR_MS = 2 * 60 * 1000;

export function ProfilePage({ tabs, Flow, prefetchFlow, verifyPayment }: ProfilePageProps) {
  const { id = '' } = useParams<{ id: string }>();
  const { search } = useLocation();
  // A review this guest paid for and Stripe has not confirmed yet (its webhook is on the way):
  // the profile is asked again every few seconds until the feed has it.
  const hydrated = usePageHydrated();
  const [checked, setChecked] = useState<{ feed: unknown; waiting: boolean }>({
    feed: null,
    waiting: false,
  });
  const plausible = isPlausibleProfileId(id);
  const { data, error, isLoading, refetch } = useGetProfileQuery(id, {
    // An id that cannot name an account is not asked for: the OOPS screen says so at once.
    skip: !plausible,
    pollingInterval: checked.waiting ? PENDING_POLL_MS : 0,
  });
  // Each feed the API answers is checked once (this browser's storage, after hydration).
  if (hydrated && data && checked.feed !== data.userFeed) {
    setChecked({ feed: data.userFeed, waiting: pendingReviewsFor(id, data.userFeed).length > 0 });
  }
  useEffect(() => {
    if (hydrated && data) forgetPublishedReviews(id, data.userFeed);
  }, [hydrated, id, data]);
  // The reconciliation publishes within a minute of a lost event: asking longer is pointless.
  useEffect(() => {
    if (!checked.waiting) return;
    const stop = setTimeout(
      () => setChecked((current) => ({ ...current, waiting: false })),
      PENDING_POLL_FOR_MS,
    );
    return () => clearTimeout(stop);
  }, [checked.waiting]);
  // The chosen flow is in the address (`?flow=recognize&step=review`): Back and Forward move
  // between its steps and the profile, and a reload comes back to it.
  const flowNavigation = useFlowAddress();
  const flow = flowNavigation.address?.kind ?? null;
  const opener = useRef<HTMLButtonElement | null>(null);
  // A draft an earlier visit left here (a closed tab): the guest is offered to go on with it.
  // Read from this browser's storage once the page works, and again when a flow closes.
  const draft = useMemo(
    () => (hydrated && !flow && id ? readFlowDraft(id) : null),
    [hydrated, flow, id],
  );
  // Focus returns to the button that opened the flow once the tabs are back (by the flow's Back
  // arrow or the browser's).
  const flowWasOpen = useRef(false);
  useEffect(() => {
    if (flow) flowWasOpen.current = true;
    else if (flowWasOpen.current) {
      flowWasOpen.current = false;
      opener.current?.focus();
    }
  }, [flow]);

  // This browser's storage is read and written once the page works: its first use costs a phone
  // several milliseconds, which the page's first tap need not wait for.
  useEffect(() => {
    if (hydrated && id) rememberCurrentUserId(id);
  }, [hydrated, id]);

  // Just sent something here from this browser (lib/sentMark): the server renders a fresh page
  // for it, but a copy no server saw may be shown (the browser's back/forward copy, a CDN that
  // ignores cookies), so the lookup is made again on every load and every return to the page
  // while the mark lasts, not once: a reload is a load too. So is a flow finished in place (the
  // address turns to the sent one without a load: issue 36).
  const sentQuery = isSentQuery(search);
  const askAgainIfSent = useEffectEvent(() => {
    if (hasSentMark(id)) void refetch();
  });
  useEffect(() => {
    if (!hydrated || !plausible) return;
    askAgainIfSent();
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) askAgainIfSent();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [hydrated, plausible, id, sentQuery]);

  // A profile rendered in the browser (a QR code's link, a profile opened in place) waits for its
  // lookup with no markup of the server's: the card's code comes meanwhile, so that the name shows
  // with the buttons, not in a later reveal of its own (issue 36).
  useEffect(() => {
    if (isLoading) prefetchStaticParts();
  }, [isLoading]);

  // A lookup that failed, or found no account (null: a 404), is logged once.
  useEffect(() => {
    if (error || data === null)
      console.error('Failed to fetch user details', error ?? { status: 404 });
  }, [error, data]);

  // RTK Query asks again for a lookup that failed (a 5xx or the network; a 404 is an answer, null,
  // and final): the OOPS screen stays while it does, instead of flickering to the spinner and back.
  if (isLoading && !error) return <Spinner label="Loading profile" />;
  if (!data) {
    return (
      <section className="page not-found" aria-labelledby="oops-title">
        <title>OOPS!! | Grati</title>
        <h1 id="oops-title">OOPS!!</h1>
        <p>No account exists with this credentials</p>
      </section>
    );
  }

  const { userDetails: user, iconsCount } = data;

  return (
    <div className="profile-page">
      <title>{`${titleCase(user.fullName)} | Grati`}</title>
      <div className="profile-page__main">
        <ProfileCard user={user} />
        <ActionButtons
          user={user}
          counts={iconsCount}
          onIntent={() => {
            prefetchFlow?.();
            congratulations.prefetch();
          }}
          onChoose={(kind, button) => {
            opener.current = button;
            // A fresh tap starts empty: a draft left here may be another guest's (a shared
            // phone); it comes back only when asked for (Continue your draft).
            askFreshDraft(id);
            flowNavigation.open(kind);
          }}
        />
        {hasTeam(user) && <TeamStrip members={user.workPlaceMembersData} />}
        <aside className="profile-page__app" aria-labelledby="app-title">
          <h2 id="app-title" className="profile-page__app-title">
            Likes, comments and sharing live in the Grati app
          </h2>
          <AppDownloadLinks />
        </aside>
      </div>
      <div className="profile-page__panel">
        {flow ? (
          <Flow key={flow} kind={flow} profile={user} />
        ) : (
          <>
            {draft && (
              // A draft whose payment was being confirmed when its flow closed (Back twice, a
              // reload on the profile): its flow asks Stripe what happened when it opens.
              <p className="profile-page__draft">
                {flowLabel(draft.kind, user)} {titleCase(user.fullName)}:{' '}
                {draft.confirming
                  ? 'a payment from your draft may have gone through.'
                  : 'your draft is kept on this device.'}{' '}
                <button
                  type="button"
                  className="button-link"
                  onClick={() => {
                    askToContinueDraft(id);
                    flowNavigation.open(draft.kind);
                  }}
                >
                  {draft.confirming ? 'See what happened' : 'Continue your draft'}
                </button>
              </p>
            )}
            <ProfileTabs tabs={tabs(data)} />
          </>
        )}
      </div>
      {/* Once the page works: the server never renders it, so its OK is never a dead button. */}
      {/* An open flow tells what became of its own payment (a return from the bank included). */}
      {hydrated && sentQuery && !flow && <CongratulationsModal verifyPayment={verifyPayment} />}
    </div>
  );
}
