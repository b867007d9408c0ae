// The profile page, composed: the profile feature's card and actions, the feed, gallery and
// socials features as its tabs, and the giving flow in place of the tabs once chosen.
import { useEffect } from 'react';
import { Spinner } from '../../components/Spinner';
import { PROFILE_TABS, type ProfileTabId } from '../../config/profileTabs';
import { FeedTab } from '../../features/feed/FeedTab';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { lazyModule } from '../../loading/lazyModule';
import { lazyPart } from '../../loading/lazyPart';
import { whenIdle } from '../../loading/idle';

// The forms and payments are not part of the first load: they are fetched as soon as the page
// works (usePrefetchAhead), or earlier when a guest shows the intent to give (a pointer down,
// hover or focus on an action), so the first open is as quick as the second.
const giveFlow = lazyPart(
  'gratitude',
  () => import(/* webpackChunkName: "gratitude" */ './GiveFlow').then((module) => module.default),
  { fallback: <Spinner label="Loading form" />, label: 'The form' },
);
// Nor are the tabs the first view does not show (it shows the Feed): fetched when the page is
// idle. Two parts of one chunk, each a component of its own.
const galleryTab = lazyPart(
  'tabs',
  () =>
    import(/* webpackChunkName: "tabs" */ '../../features/gallery/GalleryTab').then(
      (module) => module.GalleryTab,
    ),
  { fallback: <Spinner />, label: 'The gallery' },
);
const socialsTab = lazyPart(
  'tabs',
  () =>
    import(/* webpackChunkName: "tabs" */ '../../features/socials/SocialsTab').then(
      (module) => module.SocialsTab,
    ),
  { fallback: <Spinner />, label: 'The social links' },
);
const GalleryTab = galleryTab.Part;
const SocialsTab = socialsTab.Part;

/** Stripe is asked only when a payment came back from a redirect: no payment code up front. */
const paymentReturn = lazyModule(
  'payment-return',
  () => import(/* webpackChunkName: "payment-return" */ '../../features/payments/redirectReturn'),
);
const verifyRedirectedPayment = (clientSecret: string) =>
  paymentReturn.load().then((module) => module.redirectedPaymentFailure(clientSecret));

/**
 * Fetches the flow at once, however the page was opened (its own address, a QR code's link
 * answered by the server, a page the browser renders itself): a guest who taps Give Gift as soon
 * as the page works would otherwise wait for it behind the feed's pictures (issues 36 and 51).
 * The other tabs once the browser is idle.
 */
function usePrefetchAhead() {
  useEffect(() => {
    giveFlow.prefetch();
    return whenIdle(() => {
      galleryTab.prefetch();
      socialsTab.prefetch();
    });
  }, []);
}

type Tab<Id extends ProfileTabId> = Extract<(typeof PROFILE_TABS)[number], { id: Id }>;

export default function ProfileRoute() {
  usePrefetchAhead();
  return (
    <ProfilePage
      // The tabs' ids and names are the product's list (src/config/profileTabs.ts), in its order.
      tabs={({ userDetails: user, userFeed }) => {
        // Typed as exactly these three, in this order: a tab added to or moved in the list fails
        // to compile here until it has its panel (a type only: nothing more in the first load).
        const [feed, gallery, socials]: readonly [Tab<'feed'>, Tab<'gallery'>, Tab<'socials'>] =
          PROFILE_TABS;
        return [
          { ...feed, render: () => <FeedTab items={userFeed} profileId={user._id} /> },
          { ...gallery, render: () => <GalleryTab userId={user._id} /> },
          { ...socials, render: () => <SocialsTab socialLinks={user.socialLinks} /> },
        ];
      }}
      Flow={giveFlow.Part}
      prefetchFlow={giveFlow.prefetch}
      verifyPayment={verifyRedirectedPayment}
    />
  );
}
