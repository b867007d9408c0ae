// What the browser suites share whatever drives the browser (Playwright in e2e/, Puppeteer in
// e2e-firefox/): the guests' names, the mock API's payments rows, the gallery pages asked for.

/**
 * A guest name of its own per test, so the shared payments list can be read per test. The label
 * must be unique among the tests of one run; the name must fit Full Name (at most 30 characters).
 */
export const guestName = (label: string) => {
  const name = `${label} ${Date.now() % 100000}`;
  if (name.length > 30) throw new Error(`guest name "${name}" is longer than 30 characters`);
  return name;
};

/** One intent as `GET /api/__payments` lists it (the fields these tests read). */
export interface PaymentRow {
  intentId: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  status: string;
  walletPrepare: boolean;
  idempotencyKey: string;
  metadata: { guestName: string; getThanksUserID: string; title: string };
}

/** A page of either driver, as far as its requests go. */
interface RequestSource {
  on(event: 'request', listener: (request: { url(): string }) => void): unknown;
}

/** Every gallery page the page asks for, in order, from now on. */
export function recordGalleryPages(page: RequestSource): number[] {
  const requested: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/user/v2/fetchUserGallery')) {
      requested.push(Number(url.searchParams.get('pageNo')));
    }
  });
  return requested;
}
