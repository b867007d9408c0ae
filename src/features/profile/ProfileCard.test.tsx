// The profile's pictures (its avatar and its team's). The server's srcset the same as the
// browser's (the avatar fetched once): e2e/ssr.spec.ts.
import { render, screen, within } from '@testing-library/react';
import type { UserDetails } from '../../api/contract/types';
import { IMAGE_ROUTE } from '../../config/images';
import { ProfileCard } from './ProfileCard';
import { TeamStrip } from './TeamStrip';

const user = (profilePicture: string | null): UserDetails => ({
  _id: 'bluebird-cafe',
  fullName: 'bluebird café',
  userName: 'bluebird',
  profession: null,
  workPlace: null,
  bio: null,
  businessType: 'WORKPLACE',
  premium: { isProfileVerified: false },
  isNgoVerified: false,
  profilePicture,
  socialLinks: { FBlink: null, InstaLink: null, LinkedInLink: null },
  workPlaceMembersData: [],
  associatedWithWorkPlaceDetails: null,
});

/** Each srcset candidate of `srcSet`: the picture it asks the endpoint for, its width, density. */
function offered(srcSet: string | null) {
  return (srcSet ?? '').split(', ').map((candidate) => {
    const [address, density] = candidate.split(' ');
    const url = new URL(address!.replaceAll('&amp;', '&'), 'https://page.test');
    expect(url.pathname).toBe(IMAGE_ROUTE);
    return `${url.searchParams.get('url')} ${url.searchParams.get('w')} ${density}`;
  });
}

const AVATAR_SRCSET = [
  'https://media.test/bluebird.jpg 96 1x',
  'https://media.test/bluebird.jpg 256 2x',
  'https://media.test/bluebird.jpg 384 3x',
];

describe("the profile's pictures", () => {
  it('shows the 96 px avatar in a copy for each screen density, at high priority', () => {
    render(<ProfileCard user={user('https://media.test/bluebird.jpg')} />);
    const avatar = screen.getByRole('img', { name: 'Bluebird Café' });
    expect(offered(avatar.getAttribute('srcset'))).toEqual(AVATAR_SRCSET);
    expect(avatar).toHaveAttribute('width', '96');
    expect(avatar).toHaveAttribute('fetchpriority', 'high');
  });

  it("shows a guest's local picture as it is, and the drawn avatar when there is none", () => {
    const { unmount } = render(<ProfileCard user={user('data:image/png;base64,iVBORw0KGgo=')} />);
    const local = screen.getByRole('img', { name: 'Bluebird Café' });
    expect(local).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(local).not.toHaveAttribute('srcset');
    unmount();
    render(<ProfileCard user={user(null)} />);
    expect(screen.getByRole('img', { name: 'Bluebird Café' }).tagName.toLowerCase()).toBe('svg');
  });

  it("shows each team member's 56 px picture in a copy for each density", () => {
    render(
      <TeamStrip
        members={[
          { _id: 'ava', fullName: 'Ava Martinez', profilePicture: 'https://media.test/ava.jpg' },
          { _id: 'sam', fullName: 'Sam Lee', profilePicture: null },
        ]}
      />,
    );
    const ava = within(screen.getByRole('link', { name: 'Ava Martinez (opens in a new tab)' }));
    expect(offered(ava.getByRole('presentation').getAttribute('srcset'))).toEqual([
      'https://media.test/ava.jpg 96 1x',
      'https://media.test/ava.jpg 144 2x',
      'https://media.test/ava.jpg 256 3x',
    ]);
    expect(ava.getByRole('presentation')).toHaveAttribute('loading', 'lazy');
  });
});
