import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { AppDownloadLinks } from '../../components/AppDownloadLinks';
import { FeedTab } from '../feed/FeedTab';
import { GalleryTab } from '../gallery/GalleryTab';
import { SocialsTab } from '../socials/SocialsTab';
import { useGetProfileQuery } from './profileApi';
import { rememberCurrentUserId } from '../../lib/currentUser';
import { ProfileCard } from './ProfileCard';
import { ActionButtons } from './ActionButtons';
import { TeamStrip, hasTeam } from './TeamStrip';
import { ProfileTabs } from './ProfileTabs';
import { CongratulationsModal } from './CongratulationsModal';
import { titleCase } from '../../lib/titleCase';
import { type FlowKind } from '../../api/contract/kinds';
import './ProfilePage.css';

// The forms (and later payments) load only when a guest chooses to give.
const GratitudeFlow = lazy(
  () => import(/* webpackChunkName: "gratitude" */ '../gratitude/GratitudeFlow'),
);

export default function ProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { data, error, isLoading } = useGetProfileQuery(id, { skip: id === '' });
  // The chosen flow belongs to the profile it was chosen on.
  const [chosen, setChosen] = useState<{ id: string; kind: FlowKind } | null>(null);
  const flow = chosen?.id === id ? chosen.kind : null;
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (id) rememberCurrentUserId(id);
  }, [id]);

  useEffect(() => {
    if (error) console.error('Failed to fetch user details', error);
  }, [error]);

  if (isLoading) return <Spinner label="Loading profile" />;
  if (!data) {
    return (
      <section className="page not-found" aria-labelledby="oops-title">
        <title>OOPS!! | Grati</title>
        <h1 id="oops-title">OOPS!!</h1>
        <p>No account exists with this credentials</p>
      </section>
    );
  }

  const { userDetails: user, userFeed, iconsCount } = data;
  const back = () => {
    setChosen(null);
    // Focus returns to the button that opened the flow once the tabs are back.
    requestAnimationFrame(() => opener.current?.focus());
  };

  return (
    <div className="profile-page">
      <title>{`${titleCase(user.fullName)} | Grati`}</title>
      <div className="profile-page__main">
        <ProfileCard user={user} />
        <ActionButtons
          user={user}
          counts={iconsCount}
          onChoose={(kind, button) => {
            opener.current = button;
            setChosen({ id, kind });
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
          <Suspense fallback={<Spinner label="Loading form" />}>
            <GratitudeFlow kind={flow} profile={user} onExit={back} />
          </Suspense>
        ) : (
          <ProfileTabs
            tabs={[
              { id: 'feed', label: 'Feed', render: () => <FeedTab items={userFeed} /> },
              {
                id: 'gallery',
                label: 'Photos/Videos',
                render: () => <GalleryTab userId={user._id} />,
              },
              {
                id: 'socials',
                label: 'Socials',
                render: () => <SocialsTab socialLinks={user.socialLinks} />,
              },
            ]}
          />
        )}
      </div>
      <CongratulationsModal />
    </div>
  );
}
