// The profile page, composed: the profile feature's card and actions, the feed, gallery and
// socials features as its tabs, and the giving flow in place of the tabs once chosen.
import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../components/Spinner';
import { FeedTab } from '../../features/feed/FeedTab';
import { GalleryTab } from '../../features/gallery/GalleryTab';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { SocialsTab } from '../../features/socials/SocialsTab';

// The forms and payments load only when a guest chooses to give.
const GiveFlow = lazy(() => import(/* webpackChunkName: "gratitude" */ './GiveFlow'));

/** Stripe is asked only when a payment came back from a redirect: no payment code up front. */
const verifyRedirectedPayment = (clientSecret: string) =>
  import(/* webpackChunkName: "payment-return" */ '../../features/payments/redirectReturn').then(
    (module) => module.redirectedPaymentFailure(clientSecret),
  );

export default function ProfileRoute() {
  return (
    <ProfilePage
      tabs={({ userDetails: user, userFeed }) => [
        { id: 'feed', label: 'Feed', render: () => <FeedTab items={userFeed} /> },
        { id: 'gallery', label: 'Photos/Videos', render: () => <GalleryTab userId={user._id} /> },
        {
          id: 'socials',
          label: 'Socials',
          render: () => <SocialsTab socialLinks={user.socialLinks} />,
        },
      ]}
      Flow={LazyGiveFlow}
      verifyPayment={verifyRedirectedPayment}
    />
  );
}

function LazyGiveFlow(props: ComponentProps<typeof GiveFlow>) {
  return (
    <Suspense fallback={<Spinner label="Loading form" />}>
      <GiveFlow {...props} />
    </Suspense>
  );
}
