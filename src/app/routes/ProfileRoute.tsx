// The profile page, composed: the profile feature's card and actions, the feed, gallery and
// socials features as its tabs, and the giving flow in place of the tabs once chosen.
import { Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Spinner } from '../../components/Spinner';
import { hasPendingTap } from '../../lib/firstTap';
import { FeedTab } from '../../features/feed/FeedTab';
import { ProfilePage } from '../../features/profile/ProfilePage';
import type { GalleryTab } from '../../features/gallery/GalleryTab';
import type { SocialsTab } from '../../features/socials/SocialsTab';
import type GiveFlowComponent from './GiveFlow';
import { prefetchedChunk, type PrefetchedChunk } from './prefetchedChunk';

// The forms and payments are not part of the first load: they are fetched once the page is idle,
// or as soon as a guest shows the intent to give (a pointer down, hover or focus on an action),
// so the first open is as quick as the second.
const giveFlow = prefetchedChunk<ComponentProps<typeof GiveFlowComponent>>(() =>
  import(/* webpackChunkName: "gratitude" */ './GiveFlow').then((module) => module.default),
);
// Nor are the tabs the first view does not show (it shows the Feed): fetched when the page is
// idle, or when a guest reaches for the tab list.
const galleryTab = prefetchedChunk<ComponentProps<typeof GalleryTab>>(() =>
  import(/* webpackChunkName: "tabs" */ '../../features/gallery/GalleryTab').then(
    (module) => module.GalleryTab,
  ),
);
const socialsTab = prefetchedChunk<ComponentProps<typeof SocialsTab>>(() =>
  import(/* webpackChunkName: "tabs" */ '../../features/socials/SocialsTab').then(
    (module) => module.SocialsTab,
  ),
);
const prefetchTabs = () => {
  galleryTab.prefetch();
  socialsTab.prefetch();
};
// A guest tapped before the page worked (probably an action): fetch the flow now, not at idle.
if (hasPendingTap()) giveFlow.prefetch();

/** Fetches the flow and the other tabs once the browser is idle after the page works. */
function usePrefetchWhenIdle() {
  useEffect(() => {
    const prefetch = () => {
      giveFlow.prefetch();
      prefetchTabs();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetch, { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1000);
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
        {
          id: 'gallery',
          label: 'Photos/Videos',
          render: () => <LazyTab chunk={galleryTab} props={{ userId: user._id }} />,
        },
        {
          id: 'socials',
          label: 'Socials',
          render: () => <LazyTab chunk={socialsTab} props={{ socialLinks: user.socialLinks }} />,
        },
      ]}
      Flow={LazyGiveFlow}
      prefetchFlow={giveFlow.prefetch}
      verifyPayment={verifyRedirectedPayment}
    />
  );
}

function LazyGiveFlow(props: ComponentProps<typeof GiveFlowComponent>) {
  // Already fetched (at idle, or on intent): rendered directly, so nothing suspends and no
  // fallback shows (React keeps a fallback up for at least 300 ms once it has shown it). Chosen
  // once per opening, so the flow is never swapped (and its state lost) while it is open.
  const [Flow] = useState(giveFlow.component);
  return (
    <Suspense fallback={<Spinner label="Loading form" />}>
      <Flow {...props} />
    </Suspense>
  );
}

/** A tab fetched apart from the first load, with a spinner ('Loading...') while it arrives. */
function LazyTab<P extends object>({ chunk, props }: { chunk: PrefetchedChunk<P>; props: P }) {
  const [Tab] = useState(chunk.component);
  return (
    <Suspense fallback={<Spinner />}>
      <Tab {...props} />
    </Suspense>
  );
}
