// The profile page, composed: the profile feature's card and actions, the feed, gallery and
// socials features as its tabs, and the giving flow in place of the tabs once chosen.
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Spinner } from '../../components/Spinner';
import { hasPendingTap } from '../../lib/firstTap';
import { FeedTab } from '../../features/feed/FeedTab';
import { GalleryTab } from '../../features/gallery/GalleryTab';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { SocialsTab } from '../../features/socials/SocialsTab';

// The forms and payments are not part of the first load: they are fetched once the page is idle,
// or as soon as a guest shows the intent to give (a pointer down, hover or focus on an action),
// so the first open is as quick as the second. One fetch, however often it is asked for.
let giveFlowChunk: Promise<typeof import('./GiveFlow')> | undefined;
/** The flow's module once it has loaded: rendered directly, with no Suspense fallback at all. */
let loadedGiveFlow: (typeof import('./GiveFlow'))['default'] | undefined;
const loadGiveFlow = () => {
  giveFlowChunk ??= import(/* webpackChunkName: "gratitude" */ './GiveFlow').then((module) => {
    loadedGiveFlow = module.default;
    return module;
  });
  return giveFlowChunk;
};
const GiveFlow = lazy(loadGiveFlow);
const prefetchGiveFlow = () => {
  // A failed prefetch is forgotten: opening the flow asks again, and says so if it fails.
  loadGiveFlow().catch(() => (giveFlowChunk = undefined));
};
// A guest tapped before the page worked (probably an action): fetch the flow now, not at idle.
if (hasPendingTap()) prefetchGiveFlow();

/** Fetches the flow once the browser is idle after the page works. */
function usePrefetchWhenIdle() {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetchGiveFlow, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetchGiveFlow, 1000);
    return () => clearTimeout(timer);
  }, []);
}

/** Stripe is asked only when a payment came back from a redirect: no payment code up front. */
const verifyRedirectedPayment = (clientSecret: string) =>
  import(/* webpackChunkName: "payment-return" */ '../../features/payments/redirectReturn').then(
    (module) => module.redirectedPaymentFailure(clientSecret),
  );

export default function ProfileRoute() {
  usePrefetchWhenIdle();
  return (
    <ProfilePage
      tabs={({ userDetails: user, userFeed }) => [
        {
          id: 'feed',
          label: 'Feed',
          render: () => <FeedTab items={userFeed} profileId={user._id} />,
        },
        { id: 'gallery', label: 'Photos/Videos', render: () => <GalleryTab userId={user._id} /> },
        {
          id: 'socials',
          label: 'Socials',
          render: () => <SocialsTab socialLinks={user.socialLinks} />,
        },
      ]}
      Flow={LazyGiveFlow}
      prefetchFlow={prefetchGiveFlow}
      verifyPayment={verifyRedirectedPayment}
    />
  );
}

function LazyGiveFlow(props: ComponentProps<typeof GiveFlow>) {
  // Already fetched (at idle, or on intent): rendered directly, so nothing suspends and no
  // fallback shows (React keeps a fallback up for at least 300 ms once it has shown it). Chosen
  // once per opening, so the flow is never swapped (and its state lost) while it is open.
  const [Flow] = useState(() => loadedGiveFlow ?? GiveFlow);
  return (
    <Suspense fallback={<Spinner label="Loading form" />}>
      <Flow {...props} />
    </Suspense>
  );
}
