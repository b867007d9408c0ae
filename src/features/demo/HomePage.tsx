import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { getAppConfig } from '../../config/env';
import { Spinner } from '../../components/Spinner';
import { useGetDemoProfilesQuery } from './demoApi';

export default function HomePage() {
  const { data: profiles, isLoading, isError } = useGetDemoProfilesQuery();
  return (
    <section className="page home" aria-labelledby="home-title">
      <h1 id="home-title">Give a little thanks</h1>
      {isLoading && <Spinner />}
      {isError && (
        <p>
          Open a profile from its Grati link, or visit{' '}
          <a href={getAppConfig().marketingUrl}>the Grati website</a>.
        </p>
      )}
      {profiles && (
        <>
          <p>Demo profiles served by the mock API:</p>
          <ul className="demo-list">
            {profiles.map((profile) => (
              <li key={profile.id}>
                <Link to={paths.profile.href(profile.id)}>{profile.fullName}</Link>
                <span className="demo-list__shows">{profile.shows}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
