import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import { GalleryTab } from './GalleryTab';
import { GALLERY_CELL_SLOT, IMAGE_ROUTE } from '../../config/images';

// jsdom has no IntersectionObserver: a stand-in whose entries the test delivers.
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>();
  private targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.live.add(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.live.delete(this);
  }
  deliver(isIntersecting: boolean) {
    const entries = [...this.targets].map(
      (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
    );
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function scrollEndZone(inView: boolean) {
  act(() => {
    for (const observer of [...FakeIntersectionObserver.live]) observer.deliver(inView);
  });
}

let api: RunningMockApi;
let requestedPages: Array<{ userId: string | null; pageNo: string | null }>;
/** Gallery pages whose next request the server answers with a 500. */
let failingPages: Set<string>;
const realIntersectionObserver = globalThis.IntersectionObserver;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  api = await startMockApi();
  globalThis.IntersectionObserver =
    FakeIntersectionObserver as unknown as typeof IntersectionObserver;
});

afterAll(async () => {
  globalThis.IntersectionObserver = realIntersectionObserver;
  await api.close();
});

beforeEach(() => {
  requestedPages = [];
  failingPages = new Set();
  jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith('/user/v2/fetchUserGallery')) {
      const pageNo = url.searchParams.get('pageNo');
      requestedPages.push({ userId: url.searchParams.get('userId'), pageNo });
      if (pageNo && failingPages.delete(pageNo)) {
        return Promise.resolve(Response.json({ error: 'boom' }, { status: 500 }));
      }
    }
    return realFetch(input, init);
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeIntersectionObserver.live.clear();
});

const pageNumbers = () => requestedPages.map((request) => Number(request.pageNo));
const thumbnails = () =>
  within(screen.getByRole('list', { name: 'Photos and videos' })).getAllByRole('listitem');
const showsThumbnails = (count: number) => waitFor(() => expect(thumbnails()).toHaveLength(count));
/** Time for a request that should not be made to have been made. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const logged = () =>
  expect(console.error).toHaveBeenCalledWith('Failed to fetch the gallery', expect.anything());

describe('GalleryTab against the mock API', () => {
  it("shows Loading..., then Ava's first page of 20 thumbnails", async () => {
    renderWithProviders(<GalleryTab userId="ava-martinez" />, { api });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    await showsThumbnails(20);
    expect(screen.getByRole('status')).toHaveTextContent('');
    const first = screen.getByRole('img', { name: 'Photo 1' });
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(first).toHaveAttribute('decoding', 'async');
    // Through the image endpoint, in the widths a small grid cell needs and no wider.
    const offered = first
      .getAttribute('srcset')!
      .split(', ')
      .map((candidate) => new URL(candidate.split(' ')[0]!, 'https://page.test'));
    expect(offered.length).toBeGreaterThan(1);
    for (const url of offered) {
      expect(url.pathname).toBe(IMAGE_ROUTE);
      expect(url.searchParams.get('url')).toMatch(/^\/media\//);
      expect(Number(url.searchParams.get('w'))).toBeLessThanOrEqual(640);
    }
    expect(first).toHaveAttribute('sizes', GALLERY_CELL_SLOT.sizes);
    expect(requestedPages).toEqual([{ userId: 'ava-martinez', pageNo: '1' }]);
  });

  it('loads pages 2 and 3 as the visitor nears the end, then says it has all 47', async () => {
    renderWithProviders(<GalleryTab userId="ava-martinez" />, { api });
    await showsThumbnails(20);
    scrollEndZone(true);
    // The end zone is still in view when page 2 lands, so page 3 follows without another scroll.
    await showsThumbnails(47);
    expect(await screen.findByText('Yay! You have seen it all')).toBeInTheDocument();
    expect(pageNumbers()).toEqual([1, 2, 3]);

    const videos = screen.getAllByRole('button', { name: /^Play Video \d+$/ });
    expect(videos.length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByRole('img', { name: /^Photo \d+$/ }).length).toBeGreaterThanOrEqual(40);
    // None of the videos downloads anything before it is played.
    for (const video of screen.getAllByLabelText(/^Video \d+$/)) {
      expect(video).toHaveAttribute('preload', 'none');
      // eslint-disable-next-line testing-library/no-node-access -- a <source> is not UI: it is what downloads
      expect(video.querySelector('source')).toBeNull();
    }
  });

  it('asks for a page once however often the end zone is seen while it loads', async () => {
    renderWithProviders(<GalleryTab userId="ava-martinez" />, { api });
    await showsThumbnails(20);
    scrollEndZone(true);
    scrollEndZone(false);
    scrollEndZone(true);
    scrollEndZone(true);
    scrollEndZone(false);
    await showsThumbnails(40);
    await settle();
    // The zone was left before page 2 landed, so page 3 waits for the next scroll.
    expect(pageNumbers()).toEqual([1, 2]);
    expect(screen.queryByText('Yay! You have seen it all')).not.toBeInTheDocument();
  });

  it('only logs a gallery error and shows nothing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<GalleryTab userId="nobody-here" />, { api });
    await waitFor(logged);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByText('No Media Found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos and videos' })).not.toBeInTheDocument();
  });

  it('after a failed page keeps what it has, does not retry on its own, and retries on the next scroll', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    failingPages.add('2');
    renderWithProviders(<GalleryTab userId="ava-martinez" />, { api });
    await showsThumbnails(20);
    scrollEndZone(true);
    await waitFor(logged);
    await settle();
    expect(pageNumbers()).toEqual([1, 2]);
    expect(thumbnails()).toHaveLength(20);
    expect(screen.getByRole('status')).toHaveTextContent('');
    scrollEndZone(false);
    scrollEndZone(true);
    await showsThumbnails(47);
    expect(pageNumbers()).toEqual([1, 2, 2, 3]);
    expect(screen.getByText('Yay! You have seen it all')).toBeInTheDocument();
  });
});
