import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SocialLinks } from '../../api/contract/types';
import { SocialsTab } from './SocialsTab';

const avaLinks: SocialLinks = {
  FBlink: 'https://www.facebook.com/ava.martinez.latte',
  InstaLink: 'https://www.instagram.com/ava.pours/',
  LinkedInLink: 'https://www.linkedin.com/in/ava-martinez-barista',
};

const DOWNLOAD = 'Download app to avail this feature';
const link = (network: string) => screen.getByRole('link', { name: new RegExp(`^${network}`) });
const rows = () =>
  within(screen.getByRole('list', { name: 'Social links' })).getAllByRole('listitem');

describe('SocialsTab', () => {
  // Each link's address, NA three times, a click staying on the page: e2e/feed.spec.ts (Ava),
  // e2e/socials.spec.ts (Sam Lee).
  it("shows a link's address as its text, and NA in each absent link's row", () => {
    render(<SocialsTab socialLinks={{ ...avaLinks, FBlink: null, LinkedInLink: null }} />);
    expect(link('Instagram')).toHaveTextContent('instagram.com/ava.pours');
    const [facebook, instagram, linkedIn] = rows();
    expect(facebook).toHaveTextContent('FacebookNA');
    expect(instagram).toHaveTextContent(/^Instagram/);
    expect(linkedIn).toHaveTextContent('LinkedInNA');
  });

  it('never renders a link that is not http(s)', () => {
    render(
      <SocialsTab
        socialLinks={{
          FBlink: 'javascript:alert(1)',
          InstaLink: 'data:text/html,<b>hi</b>',
          LinkedInLink: 'http://www.linkedin.com/in/someone',
        }}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName(/^LinkedIn/);
    expect(links[0]).toHaveAttribute('href', 'http://www.linkedin.com/in/someone');
    expect(screen.getAllByText('NA')).toHaveLength(2);
  });

  it('a click shows the download message for 1000 ms', () => {
    jest.useFakeTimers();
    try {
      render(<SocialsTab socialLinks={avaLinks} />);
      fireEvent.click(link('Facebook'));
      expect(screen.getByRole('status')).toHaveTextContent(DOWNLOAD);
      act(() => jest.advanceTimersByTime(990));
      expect(screen.getByRole('status')).toHaveTextContent(DOWNLOAD);
      act(() => jest.advanceTimersByTime(20));
      expect(screen.getByRole('status')).toHaveTextContent('');
    } finally {
      jest.useRealTimers();
    }
  });

  it('works from the keyboard: Tab to a link, Enter shows the message', async () => {
    const user = userEvent.setup();
    render(<SocialsTab socialLinks={avaLinks} />);
    await user.tab();
    expect(link('Facebook')).toHaveFocus();
    await user.tab();
    expect(link('Instagram')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent(DOWNLOAD);
  });
});
