// The feed as the production server renders it (src/server/renderPage.tsx), then hydrated. Its
// hydration without a mismatch, pictures loaded: e2e/ssr.spec.ts and e2e/feed.spec.ts.
import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { FeedItem } from '../../api/contract/types';
import { IMAGE_ROUTE } from '../../config/images';
import { resetPageHydration } from '../../loading/hydration';
import { FeedTab } from './FeedTab';

const NOW = Date.parse('2026-03-10T12:00:00Z');

beforeEach(() => resetPageHydration());

const review = (id: string, overrides: Partial<FeedItem>): FeedItem => ({
  id,
  gratitudeType: 'REVIEW',
  icon: 'RECOGNITION',
  title: 'jordan blake recognized ava',
  sayThanks: 'Thank you!',
  media: [],
  createdAt: new Date(NOW - 60_000).toISOString(),
  boosted: false,
  tipAmount: null,
  giveThanksUser: { fullName: 'Jordan Blake', profilePicture: 'https://media.test/jordan.jpg' },
  ...overrides,
});

const ITEMS = [
  review('photos', {
    media: [1, 2].map((n) => ({
      imgUrl: `https://media.test/photo-${n}.jpg`,
      mimeType: 'image/jpeg',
    })),
  }),
  review('video', {
    giveThanksUser: { fullName: 'Liam Carter', profilePicture: null },
    media: [
      {
        imgUrl: 'https://media.test/latte.mp4',
        mimeType: 'video/mp4',
        thumbnailUrl: 'https://media.test/latte.jpg',
      },
    ],
  }),
];

const PICTURES = ['jordan', 'photo-1', 'photo-2'].map((name) => `https://media.test/${name}.jpg`);

/** The pictures every srcset in `root` asks the endpoint for. */
function pictures(root: ParentNode): string[] {
  return [...root.querySelectorAll('img[srcset]')].flatMap((img) =>
    img
      .getAttribute('srcset')!
      .split(', ')
      .map((candidate) => new URL(candidate.split(' ')[0]!, 'https://page.test'))
      .map((url) => (url.pathname === IMAGE_ROUTE ? url.searchParams.get('url')! : url.href)),
  );
}

/** `element` as the server's HTML, in the page (remove it when done). */
function asServerHtml(element: ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

/* eslint-disable testing-library/no-node-access -- the server's HTML is read as markup here */
describe('FeedTab rendered on the server', () => {
  it("prints the pictures' srcsets, the held ones in their <noscript> copies", () => {
    // As a browser without JavaScript reads it (a parsed document's <noscript> copies are markup).
    const page = new DOMParser().parseFromString(
      renderToString(<FeedTab items={ITEMS} now={NOW} />),
      'text/html',
    );
    // Held photos (no src) shown from their <noscript> copies without JavaScript: e2e/ssr.spec.ts.
    expect(new Set(pictures(page))).toEqual(new Set(PICTURES));
    expect(page.querySelectorAll('noscript img[srcset][sizes]')).toHaveLength(2);
    // The video: its noscript copy has the poster through the endpoint and downloads nothing.
    const copy = page.querySelector('noscript video')!;
    expect(copy.getAttribute('preload')).toBe('none');
    const poster = new URL(copy.getAttribute('poster')!, 'https://page.test');
    expect(poster.pathname).toBe(IMAGE_ROUTE);
    expect(poster.searchParams.get('url')).toBe('https://media.test/latte.jpg');
  });

  it("says the card's age in the browser's clock once hydrated, however old the server's page", async () => {
    // Rendered (and cached) when the review was 5 seconds old; opened a minute later.
    const items = [review('late', { createdAt: new Date(NOW).toISOString() })];
    const clock = jest.spyOn(Date, 'now').mockReturnValue(NOW + 5_000);
    const container = asServerHtml(<FeedTab items={items} />);
    expect(container.querySelector('time')?.textContent).toBe('Just now');

    clock.mockReturnValue(NOW + 71_000);
    const root = await act(async () => hydrateRoot(container, <FeedTab items={items} />));
    expect(container.querySelector('time')?.textContent).toBe('1 minute ago');
    act(() => root.unmount());
    container.remove();
    clock.mockRestore();
  });
});
/* eslint-enable testing-library/no-node-access */
