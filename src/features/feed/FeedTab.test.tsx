import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Envelope, FeedItem, FindUserResult } from '../../api/contract/types';
import { jsonPost, startMockApi } from '../../../mock-api/testing';
import { FeedTab } from './FeedTab';
import { keepRecentReviews } from '../profile/recentReviews';
import { FEED_MEDIA_SLOT, IMAGE_ROUTE } from '../../config/images';

const EMPTY_FEED = 'This is where the timeline of the thanks you receive will appear';
const APP_ONLY = 'Download the app to access this feature.';
const NOW = Date.parse('2026-03-10T12:00:00Z');

let nextId = 1;
function feedItem(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: `item-${nextId++}`,
    gratitudeType: 'REVIEW',
    icon: 'RECOGNITION',
    title: 'jordan blake recognized ava.martinez',
    sayThanks: 'Best flat white in town!',
    media: [],
    createdAt: new Date(NOW - 5 * 60_000).toISOString(),
    boosted: false,
    tipAmount: null,
    giveThanksUser: { fullName: 'Jordan Blake', profilePicture: 'https://cdn.test/jordan.jpg' },
    ...overrides,
  };
}

const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    imgUrl: `https://cdn.test/photo-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
  }));

/** The photo the carousel shows: the others are hidden from people and screen readers alike. */
const shownPhoto = (name: string) => screen.getByRole('img', { name });

/** What a picture asks the image endpoint for: each srcset candidate's picture and width. */
function askedFor(picture: HTMLElement) {
  return (picture.getAttribute('srcset') ?? '').split(', ').map((candidate) => {
    const [address, descriptor] = candidate.split(' ');
    const url = new URL(address!, 'https://page.test');
    expect(url.pathname).toBe(IMAGE_ROUTE);
    return {
      source: url.searchParams.get('url'),
      width: Number(url.searchParams.get('w')),
      descriptor,
    };
  });
}

describe('FeedTab', () => {
  it('shows the empty-feed message when nothing is a card (a TIP, a blank review)', () => {
    const items = [
      feedItem({ gratitudeType: 'TIP', sayThanks: 'Hi!' }),
      feedItem({ sayThanks: ' ' }),
    ];
    render(<FeedTab items={items} now={NOW} />);
    expect(screen.getByText(EMPTY_FEED)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows a card for each REVIEW with words or media, and none for the rest', () => {
    render(
      <FeedTab
        items={[
          feedItem({ title: 'mia thompson appreciated ava', sayThanks: 'Words only' }),
          feedItem({ title: 'tip to ava', gratitudeType: 'TIP', sayThanks: 'A tip' }),
          feedItem({
            title: 'liam carter celebrated ava',
            sayThanks: '',
            media: photos(1),
            giveThanksUser: { fullName: 'Liam Carter', profilePicture: null },
          }),
        ]}
        now={NOW}
      />,
    );
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    // Named by the title-cased title (some verbs stay lower-case by the rule).
    expect(screen.getByRole('article', { name: 'Mia Thompson Appreciated Ava' })).toBe(cards[0]);
    expect(screen.getByRole('article', { name: 'Liam Carter celebrated Ava' })).toBe(cards[1]);
    expect(within(cards[0]!).getByText('Words only')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Photo from Liam Carter' })).toBeVisible();
    expect(screen.queryByText('A tip')).not.toBeInTheDocument();
    expect(screen.queryByText(EMPTY_FEED)).not.toBeInTheDocument();
  });

  it("shows the kind, the giver's picture (or a default one, also if it fails), the time, Boosted", () => {
    render(
      <FeedTab
        items={[
          feedItem({ icon: 'CELEBRATION', boosted: true }),
          feedItem({
            icon: 'GRATITUDE',
            title: 'chris doyle thanked ava',
            createdAt: new Date(NOW - 3 * 3_600_000).toISOString(),
            giveThanksUser: { fullName: 'Chris Doyle', profilePicture: null },
          }),
        ]}
        now={NOW}
      />,
    );
    const [boosted, plain] = screen.getAllByRole('article');
    const first = within(boosted!);
    expect(first.getByRole('img', { name: 'Celebration' })).toBeInTheDocument();
    expect(askedFor(first.getByRole('img', { name: 'Jordan Blake' }))).toEqual([
      { source: 'https://cdn.test/jordan.jpg', width: 48, descriptor: '1x' },
      { source: 'https://cdn.test/jordan.jpg', width: 96, descriptor: '2x' },
      { source: 'https://cdn.test/jordan.jpg', width: 144, descriptor: '3x' },
    ]);
    expect(first.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByText('Boosted')).toBeInTheDocument();
    fireEvent.error(first.getByRole('img', { name: 'Jordan Blake' }));
    expect(first.getByRole('img', { name: 'Jordan Blake' }).tagName.toLowerCase()).toBe('svg');

    const second = within(plain!);
    expect(second.getByRole('img', { name: 'Gratitude' })).toBeInTheDocument();
    // No picture: a drawn default avatar, still named after the giver.
    expect(second.getByRole('img', { name: 'Chris Doyle' }).tagName.toLowerCase()).toBe('svg');
    expect(second.getByText('3 hours ago')).toBeInTheDocument();
    expect(second.queryByText('Boosted')).not.toBeInTheDocument();
  });

  describe('Like, Comment and Share', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it.each(['Like', 'Comment', 'Share'])(
      '%s shows the download-the-app message for 1.5 s',
      async (action) => {
        const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
        render(<FeedTab items={[feedItem()]} now={NOW} />);
        expect(screen.queryByText(APP_ONLY)).not.toBeInTheDocument();
        await user.click(screen.getByRole('button', { name: action }));
        expect(screen.getByRole('status')).toHaveTextContent(APP_ONLY);
        act(() => jest.advanceTimersByTime(1499));
        expect(screen.getByRole('status')).toHaveTextContent(APP_ONLY);
        act(() => jest.advanceTimersByTime(1));
        expect(screen.queryByText(APP_ONLY)).not.toBeInTheDocument();
      },
    );
  });

  describe('a card with several photos', () => {
    const renderCarousel = (count = 3) =>
      render(<FeedTab items={[feedItem({ media: photos(count) })]} now={NOW} />);
    const dot = (n: number, of = 3) =>
      screen.getByRole('button', { name: `Show image ${n} of ${of}` });

    it('shows one photo at a time, lazily, the one a dot is clicked for', async () => {
      const user = userEvent.setup();
      renderCarousel();
      // The others hidden, the current dot marked as it moves: e2e/feed.spec.ts's wheel step.
      expect(shownPhoto('Photo 1 of 3 from Jordan Blake')).toHaveAttribute('loading', 'lazy');
      await user.click(dot(3));
      expect(shownPhoto('Photo 3 of 3 from Jordan Blake')).toBeInTheDocument();
      expect(dot(1)).not.toHaveAttribute('aria-current');
    });

    it('moves with the previous and next buttons, and stops at either end', async () => {
      const user = userEvent.setup();
      renderCarousel();
      const previous = screen.getByRole('button', { name: 'Previous image' });
      const next = screen.getByRole('button', { name: 'Next image' });
      // Previous at the first photo stays, Next moves on: e2e/feed.spec.ts's keyboard step.
      expect(previous).toHaveAttribute('aria-disabled', 'true');
      await user.click(next);
      expect(previous).not.toHaveAttribute('aria-disabled');
      await user.click(next);
      expect(shownPhoto('Photo 3 of 3 from Jordan Blake')).toBeInTheDocument();
      expect(next).toHaveAttribute('aria-disabled', 'true');
      await user.click(next);
      expect(shownPhoto('Photo 3 of 3 from Jordan Blake')).toBeInTheDocument();
      await user.click(previous);
      expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
    });

    // Tab order, Enter, End, Home and the dots' focus: e2e/feed.spec.ts's keyboard step.
    it('moves with the arrow keys from a button, and from a dot taking the focus along', async () => {
      const user = userEvent.setup();
      renderCarousel(4);
      await user.tab();
      await user.tab();
      await user.keyboard('{ArrowRight}');
      expect(shownPhoto('Photo 2 of 4 from Jordan Blake')).toBeInTheDocument();
      await user.tab();
      await user.keyboard('{ArrowLeft}');
      expect(shownPhoto('Photo 1 of 4 from Jordan Blake')).toBeInTheDocument();
      expect(dot(1, 4)).toHaveFocus();
    });

    describe('the mouse wheel', () => {
      beforeEach(() => {
        jest.useFakeTimers();
        jest.setSystemTime(NOW);
      });
      afterEach(() => jest.useRealTimers());
      const wheel = (init: WheelEventInit) =>
        fireEvent.wheel(screen.getByRole('img', { name: /^Photo \d of \d/ }), init);

      it('swipes once, then ignores the wheel for 1 second', () => {
        renderCarousel();
        // A swipe's event is cancelled; an ignored one (false) is left to scroll the page.
        expect(wheel({ deltaY: 100 })).toBe(false);
        expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
        expect(wheel({ deltaY: 100 })).toBe(true);
        expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
        act(() => jest.advanceTimersByTime(1000));
        expect(wheel({ deltaX: 80 })).toBe(false);
        expect(shownPhoto('Photo 3 of 3 from Jordan Blake')).toBeInTheDocument();
        act(() => jest.advanceTimersByTime(1000));
        wheel({ deltaY: -100 });
        expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
      });

      it('gives the wheel back to the page at either end, without locking', () => {
        renderCarousel(2);
        expect(wheel({ deltaY: -100 })).toBe(true);
        expect(shownPhoto('Photo 1 of 2 from Jordan Blake')).toBeInTheDocument();
        expect(wheel({ deltaY: 100 })).toBe(false);
        expect(shownPhoto('Photo 2 of 2 from Jordan Blake')).toBeInTheDocument();
        act(() => jest.advanceTimersByTime(1000));
        expect(wheel({ deltaY: 100 })).toBe(true);
        expect(shownPhoto('Photo 2 of 2 from Jordan Blake')).toBeInTheDocument();
      });

      it('ignores pinch-zoom', () => {
        renderCarousel();
        wheel({ deltaY: 100, ctrlKey: true });
        expect(shownPhoto('Photo 1 of 3 from Jordan Blake')).toBeInTheDocument();
        wheel({ deltaY: 100 });
        expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
      });
    });

    it('swipes with a sideways touch drag, not with a tap or an upward drag', async () => {
      const user = userEvent.setup();
      renderCarousel();
      const drag = (from: [number, number], to: [number, number]) =>
        user.pointer([
          {
            keys: '[TouchA>]',
            target: screen.getByRole('img', { name: /^Photo \d of 3/ }),
            coords: { clientX: from[0], clientY: from[1] },
          },
          { pointerName: 'TouchA', coords: { clientX: to[0], clientY: to[1] } },
          { keys: '[/TouchA]' },
        ]);

      await drag([300, 100], [100, 110]);
      expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
      await drag([300, 100], [280, 100]);
      expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
      await drag([300, 300], [250, 100]);
      expect(shownPhoto('Photo 2 of 3 from Jordan Blake')).toBeInTheDocument();
      await drag([100, 100], [300, 90]);
      expect(shownPhoto('Photo 1 of 3 from Jordan Blake')).toBeInTheDocument();
    });
  });

  it("shows a single photo without dots or arrows, in the widths a card's layout needs", () => {
    render(<FeedTab items={[feedItem({ media: photos(1) })]} now={NOW} />);
    const photo = shownPhoto('Photo from Jordan Blake');
    expect(screen.queryByRole('button', { name: /image/ })).not.toBeInTheDocument();
    const offered = askedFor(photo);
    expect(offered.every(({ source }) => source === 'https://cdn.test/photo-1.jpg')).toBe(true);
    expect(offered.every(({ width, descriptor }) => descriptor === `${width}w`)).toBe(true);
    expect(Math.max(...offered.map(({ width }) => width))).toBe(1600);
    expect(photo).toHaveAttribute('sizes', FEED_MEDIA_SLOT.sizes);
    expect(new URL(photo.getAttribute('src')!, 'https://page.test').pathname).toBe(IMAGE_ROUTE);
  });

  it('shows a video as its poster and a play button instead of photos', () => {
    render(
      <FeedTab
        items={[
          feedItem({
            giveThanksUser: { fullName: 'Liam Carter', profilePicture: null },
            media: [
              {
                imgUrl: 'https://cdn.test/latte.mp4',
                mimeType: 'video/mp4',
                thumbnailUrl: 'https://cdn.test/latte.jpg',
              },
            ],
          }),
          feedItem({
            giveThanksUser: { fullName: 'Emma Wilson', profilePicture: null },
            media: [{ imgUrl: 'https://cdn.test/clip.mov', mimeType: 'video/quicktime' }],
          }),
        ]}
        now={NOW}
      />,
    );
    expect(screen.getByRole('button', { name: 'Play video from Liam Carter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play video from Emma Wilson' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Photo/ })).not.toBeInTheDocument();
    // Liam's poster, sized like a card's photo; Emma's video came without one.
    const [poster, ...others] = screen.getAllByRole('presentation');
    expect(others).toHaveLength(0);
    expect(askedFor(poster!).map(({ source }) => source)).toContain('https://cdn.test/latte.jpg');
    expect(poster).toHaveAttribute('sizes', FEED_MEDIA_SLOT.sizes);
    for (const label of ['video from Liam Carter', 'video from Emma Wilson']) {
      const video = screen.getByLabelText(label);
      expect(video).toHaveAttribute('preload', 'none');
      expect(video).not.toHaveAttribute('src');
      // eslint-disable-next-line testing-library/no-node-access -- a <source> is not UI: it is what downloads
      expect(video.querySelector('source')).toBeNull();
    }
  });
});

describe("FeedTab with Ava's feed from the mock API", () => {
  it('shows her four kept reviews, newest first, her photos from the seed, one Boosted', async () => {
    const api = await startMockApi();
    try {
      const body = jsonPost({ _id: 'ava-martinez', profilePage: true });
      const response = await api.request('gratitude/findUser', body);
      const { data } = (await response.json()) as Envelope<FindUserResult>;
      render(<FeedTab items={keepRecentReviews(data.data.userFeed)} />);
    } finally {
      await api.close();
    }

    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Jordan Blake recognized Ava.martinez',
      'Mia Thompson Appreciated Ava.martinez',
      'Liam Carter celebrated Ava.martinez',
      'Noah Patel thanked Ava.martinez',
    ]);
    const photo = within(cards[0]!).getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' });
    for (const { source } of askedFor(photo)) {
      expect(source).toBe('/media/seed/ava-feed-01.jpg');
    }
    expect(within(cards[1]!).getByText('Boosted')).toBeInTheDocument();
    expect(screen.getAllByText('Boosted')).toHaveLength(1);
  });
});
